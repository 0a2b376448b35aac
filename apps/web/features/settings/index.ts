/**
 * This user's settings: YOLO (approve without asking), live across devices, and how questions
 * reach them (the routing plan, quiet hours, the daily digest) on the Settings page.
 */
export { ReachSettingsView } from "./reach-settings-view";
export { formatYoloTime, useYoloSetting } from "./use-yolo-setting";
export { YoloMenuItems } from "./yolo-menu-items";
