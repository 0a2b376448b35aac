export { approveInterruptionsWithHub } from "./approve-interruptions";
export type { DecidedInterruption, HubApprovalOptions } from "./approve-interruptions";
export { OPENAI_AGENTS_SOURCE, connectOpenAIAgentsApprovals } from "./connect";
export type { PausedRunState } from "./paused-run-state";
export { runWithHubApprovals } from "./run-with-hub-approvals";
export type { RunWithHubApprovalsOptions } from "./run-with-hub-approvals";
export { HubApprovalError } from "@inquiry-hub/hub-approvals";
export type { HubApprovals } from "@inquiry-hub/hub-approvals";
