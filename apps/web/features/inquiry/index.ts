/**
 * The card of an open inquiry: the question card itself and the frame, layout, answer
 * handling and clocks every answerable card (question or approval) shares.
 */
export { CARD_BUTTON, CardActions, QuestionText } from "./card-layout";
export { CardError } from "./card-error";
export { CardShell } from "./card-shell";
export { ClosedCardNote, LeavingCardNote } from "./closed-card-note";
export { formatClock } from "./format-countdown";
export { InquiryCard } from "./inquiry-card";
export { SafeMarkdown } from "./safe-markdown";
export { useCardAnswer } from "./use-card-answer";
export { useCountdown, useNow } from "./use-countdown";
export { useExpiryWarning } from "./use-expiry-warning";
