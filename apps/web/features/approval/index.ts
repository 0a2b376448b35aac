/**
 * Approvals of gated tool calls: the approval card (built on the inquiry card's frame) led by
 * its risk label, the batches that group approvals which arrived together, and the card
 * picker that chooses between a question and an approval wherever an open inquiry shows.
 */
export { ApprovalBatch } from "./approval-batch";
export { changedArgumentNames, summarizeArguments } from "./argument-summary";
export { ArgumentsTable } from "./arguments-table";
export { groupByBatch } from "./group-approvals";
export { PendingQuestionCard } from "./pending-question-card";
export { RiskBadge, RiskLabel } from "./risk-label";
