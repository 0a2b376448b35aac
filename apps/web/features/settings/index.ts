/** This user's settings: YOLO (approve without asking), live across devices. */
export { formatYoloTime, useYoloSetting } from "./use-yolo-setting";
export { YoloMenuItems } from "./yolo-menu-items";
