/** This user's settings: YOLO (approve without asking), live across devices. */
export { formatYoloTime, useYoloSetting } from "./use-yolo-setting";
export { YoloToggle } from "./yolo-toggle";
