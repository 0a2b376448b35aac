/**
 * The MCP wire of the hub: tool names and arguments (`send_inquiry`, `respond_inquiry`,
 * `request_approval`), tool results worded for a model, progress notification metas,
 * idempotency and withdrawal conventions.
 */
export {
  buildInquiryProgressParams,
  InquiryClosedMetaSchema,
  InquiryHeartbeatMetaSchema,
  InquiryOpenedMetaSchema,
  InquiryProgressMetaSchema,
  ProgressNotificationSchema,
  readInquiryMeta,
  readProgressMeta,
} from "./progress";
export type {
  InquiryClosedMeta,
  InquiryHeartbeatMeta,
  InquiryOpenedMeta,
  InquiryProgressMeta,
  InquiryProgressParams,
  ProgressNotification,
} from "./progress";
export { toClosedMeta, toHeartbeatMeta, toOpenedMeta } from "./progress-meta";
export { inquiryResultText, RESULT_OPENINGS } from "./result-text";
export {
  DEFAULT_PROMPT_DESCRIPTION,
  HUB_TOOL_NAMES,
  MAX_PROMPT_LENGTH,
  RespondInquiryArgsSchema,
  SendInquiryArgsSchema,
} from "./mcp-tools";
export type { RespondInquiryArgs, SendInquiryArgs } from "./mcp-tools";
export {
  MAX_APPROVAL_JSON_LENGTH,
  MAX_FRAMEWORK_TOOL_NAME_LENGTH,
  RequestApprovalArgsSchema,
  RequestApprovalReplySchema,
  RequestApprovalResultSchema,
} from "./request-approval";
export type {
  RequestApprovalArgs,
  RequestApprovalReply,
  RequestApprovalResult,
} from "./request-approval";
export { IDEMPOTENCY_META_KEY, IdempotencyKeySchema } from "./idempotency";
export type { IdempotencyKey } from "./idempotency";
export { isWithdrawReason, WITHDRAW_REASON } from "./withdraw";
export {
  WAITING_OPENING,
  waitingResult,
  WaitingResultSchema,
  waitingResultText,
} from "./waiting-result";
export type { WaitingResult } from "./waiting-result";
