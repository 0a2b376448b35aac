/**
 * This tab's live link to the hub: the socket, answers and receipts sent over it, and what it
 * says about the user's open inquiries (the pending state, and the notes closed cards leave).
 */
export type { AnswerOutcome } from "./answer-inquiry";
export { STALE_NOTE, noteForOutcome, noteForStatus } from "./closed-note";
export { HubSocketProvider } from "./hub-socket-provider";
export { LiveInquiriesContext, useHubConnection, useLiveInquiries } from "./live-context";
export type { LiveInquiriesValue } from "./live-context";
export { EMPTY_PENDING_STATE, reducePending } from "./pending-state";
export type { LeavingCard } from "./pending-state";
export { ProtocolMismatchNotice } from "./protocol-mismatch-notice";
