/**
 * The card of an open inquiry: the question card itself and the frame, answer handling and
 * clocks every answerable card (question or approval) shares.
 */
export { CardShell, ClosedCardNote } from "./card-shell";
export { formatClock } from "./format-countdown";
export { InquiryCard } from "./inquiry-card";
export { SafeMarkdown } from "./safe-markdown";
export { useCardAnswer } from "./use-card-answer";
export { useCountdown, useNow } from "./use-countdown";
export { useExpiryWarning } from "./use-expiry-warning";
