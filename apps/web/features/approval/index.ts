/**
 * Approvals of gated tool calls: the approval card (built on the inquiry card's frame), the
 * runs that group parallel calls, and the card picker that chooses between a question and an
 * approval wherever an open inquiry shows.
 */
export { ApprovalRun } from "./approval-run";
export { ArgumentsTable } from "./arguments-table";
export { groupByRun } from "./group-approvals";
export { PendingQuestionCard } from "./pending-question-card";
