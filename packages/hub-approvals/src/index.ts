export { HubApprovalError, connectHubApprovals } from "./hub-approvals";
export type { HubApprovals, HubApprovalsOptions, ToolCallForApproval } from "./hub-approvals";
export type { RequestApprovalResult } from "@inquiry-hub/protocol";
export { notRunMessage } from "./not-run-message";
export type { NotRunDecision } from "./not-run-message";
