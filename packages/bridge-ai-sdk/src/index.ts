export { answerApprovalRequestsWithHub } from "./answer-approval-requests";
export type { AnswerApprovalRequestsOptions } from "./answer-approval-requests";
export { findUnansweredApprovalRequests } from "./approval-requests";
export type { MessagesOrResult, UnansweredApprovalRequest } from "./approval-requests";
export { NOBODY_DECIDED_REASON } from "./approval-response";
export { AI_SDK_SOURCE, connectAiSdkHubApprovals } from "./connect-hub";
export { runWithHubApprovals } from "./run-with-hub-approvals";
export type {
  AgentTurn,
  ApprovalAgent,
  RunWithHubApprovalsOptions,
  RunWithHubApprovalsResult,
} from "./run-with-hub-approvals";
export { HubApprovalError } from "@inquiry-hub/hub-approvals";
export type { HubApprovals, HubApprovalsOptions } from "@inquiry-hub/hub-approvals";
