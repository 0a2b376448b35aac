/** Deciding an approval from a signed webhook link: the preview (server) and the confirm button. */
export { ConfirmDecision } from "./confirm-decision";
export { decisionLabel, previewDecision } from "./decision-preview";
export type { PreviewResult } from "./decision-preview";
