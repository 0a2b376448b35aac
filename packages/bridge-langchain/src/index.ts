export { approvalKey } from "./approval-key";
export { LANGGRAPH_SOURCE, connectLangGraphHubApprovals } from "./connect-hub";
export { decideWithHub, resumeValueFromHub } from "./decide-with-hub";
export type { HubDecisionOptions } from "./decide-with-hub";
export { hitlInterruptsOf, isHitlInterrupt } from "./hitl-interrupts";
export type { HitlInterrupt } from "./hitl-interrupts";
export { UndecidedApprovalError } from "./hub-decision";
export {
  resumeWithHubApprovals,
  runWithHubApprovals,
  waitingApprovals,
} from "./run-with-hub-approvals";
export type {
  HubApprovalAgent,
  HubApprovalRunOptions,
  ThreadConfig,
} from "./run-with-hub-approvals";
export { HubApprovalError } from "@inquiry-hub/hub-approvals";
export type {
  HubApprovals,
  HubApprovalsOptions,
  RequestApprovalResult,
  ToolCallForApproval,
} from "@inquiry-hub/hub-approvals";
