export {
  AnswerViaSchema,
  FINAL_INQUIRY_STATUSES,
  InquiryListQuerySchema,
  InquiryResolutionSchema,
  InquirySchema,
  InquiryStatusSchema,
  InquiryTypeSchema,
  InquiryWithdrawnSchema,
  InquiryExtendedSchema,
  InquiryExpiringSchema,
  InquiryAgentWaitingSchema,
  IsoTimestampSchema,
  SuggestedBySchema,
} from "./inquiry";
export type {
  AnswerVia,
  FinalInquiryStatus,
  Inquiry,
  InquiryListQuery,
  InquiryResolution,
  InquiryStatus,
  InquiryType,
  InquiryWithdrawn,
  InquiryExtended,
  InquiryExpiring,
  InquiryAgentWaiting,
  SuggestedBy,
} from "./inquiry";
export { EXPIRY_WARNING_SHARE, expiryWarningAt } from "./expiry-warning";
export {
  APPROVAL_DECISIONS,
  APPROVAL_RESULT_OPENINGS,
  ApprovalDecisionSchema,
  ApprovalDetailsSchema,
} from "./approval";
export type { ApprovalDecision, ApprovalDetails } from "./approval";
export { AnswerBodySchema, MAX_ANSWER_LENGTH, SocketAnswerPayloadSchema } from "./answer";
export type { AnswerAction, AnswerBody, SocketAnswerPayload } from "./answer";
export { CredentialsSchema, PublicUserSchema } from "./auth";
export type { Credentials, PublicUser } from "./auth";
export {
  AuthResponseSchema,
  DeviceHintSchema,
  DeviceKindSchema,
  DeviceListResponseSchema,
  DeviceSchema,
  LoginBodySchema,
  MAX_DEVICE_NAME_LENGTH,
  PairingClaimBodySchema,
  PairingCodeSchema,
  SocketTicketSchema,
} from "./devices";
export type {
  AuthResponse,
  Device,
  DeviceHint,
  DeviceKind,
  DeviceListResponse,
  LoginBody,
  PairingClaimBody,
  PairingCode,
  SocketTicket,
} from "./devices";
export { MeResponseSchema } from "./auth-me";
export type { MeResponse } from "./auth-me";
export { ApiErrorBodySchema, ERROR_CODES, ErrorCodeSchema } from "./errors";
export type { ApiErrorBody, ErrorCode } from "./errors";
export {
  InquiryClosedMetaSchema,
  InquiryHeartbeatMetaSchema,
  InquiryOpenedMetaSchema,
  InquiryProgressMetaSchema,
  ProgressNotificationSchema,
  buildInquiryProgressParams,
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
export {
  AgentChatMessageSchema,
  AgentChatRequestSchema,
  DEMO_MODEL_ID,
  MAX_AGENT_CHAT_MESSAGES,
  MAX_INQUIRY_TIMEOUT_SECONDS,
} from "./agent-chat-request";
export type { AgentChatRequest, AgentChatRequestBody } from "./agent-chat-request";
export {
  ChatCompletionChunkSchema,
  ChatosAdditionalDataSchema,
  StreamErrorSchema,
  UsageSchema,
} from "./chunk";
export type { ChatCompletionChunk, StreamError, Usage } from "./chunk";
export { parseAgentSseData } from "./agent-stream-event";
export type { AgentStreamEvent } from "./agent-stream-event";
export type { ClientToServerEvents, ServerToClientEvents, SocketAck } from "./socket-events";
export { RESULT_OPENINGS, inquiryResultText } from "./result-text";
export {
  QuestionKindSchema,
  QuestionSchema,
  QuestionsSchema,
  checkQuestionnaireValues,
  questionnaireAnswerText,
} from "./questionnaire";
export type { Question, QuestionKind, QuestionValue, QuestionnaireCheck } from "./questionnaire";
export {
  ElicitationDetailsSchema,
  ElicitationPropertySchema,
  RequestedSchemaSchema,
  questionsToRequestedSchema,
  requestedSchemaToQuestions,
} from "./elicitation-schema";
export type {
  ElicitationDetails,
  ElicitationProperty,
  RequestedSchema,
} from "./elicitation-schema";
export {
  MAX_YOLO_SECONDS,
  UpdateSettingsBodySchema,
  UserSettingsSchema,
  YoloSettingSchema,
  isYoloActive,
} from "./settings";
export type { UpdateSettingsBody, UserSettings, YoloSetting } from "./settings";
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
export { PROTOCOL_VERSION, SocketHandshakeAuthSchema, SocketRefusalSchema } from "./socket-auth";
export type { SocketHandshakeAuth, SocketRefusal } from "./socket-auth";
export {
  DeliveryAttemptSchema,
  DeliveryPurposeSchema,
  HistoryAuditEntrySchema,
  HISTORY_EXPORT_COLUMNS,
  HistoryDetailSchema,
  HistoryExportFormatSchema,
  HistoryExportQuerySchema,
  HistoryExportRecordSchema,
  HistoryFilterSchema,
  HistoryItemSchema,
  HistoryPageSchema,
  HistoryQuerySchema,
  HistoryVoteSchema,
  MAX_HISTORY_EXPORT_ROWS,
  MAX_HISTORY_PAGE,
  MAX_HISTORY_SEARCH_LENGTH,
  historyDateBounds,
} from "./history";
export type {
  DeliveryAttempt,
  HistoryAuditEntry,
  HistoryDetail,
  HistoryExportFormat,
  HistoryExportQuery,
  HistoryExportRecord,
  HistoryFilter,
  HistoryItem,
  HistoryPage,
  HistoryQuery,
  HistoryVote,
} from "./history";
export {
  MAX_PUSH_ACTIONS,
  MAX_PUSH_BODY_LENGTH,
  PUSH_TRUNCATION_MARK,
  PushActionSchema,
  PushKeyResponseSchema,
  PushMessageSchema,
  PushSubscriptionBodySchema,
  PushUnsubscribeBodySchema,
} from "./push";
export type {
  PushAction,
  PushKeyResponse,
  PushMessage,
  PushSubscriptionBody,
  PushUnsubscribeBody,
} from "./push";
export {
  LinkDecisionSchema,
  WebhookConfigBodySchema,
  WebhookConfigSchema,
  WebhookDecisionBodySchema,
  WebhookDecisionPreviewSchema,
  WebhookKindSchema,
} from "./webhook";
export type {
  LinkDecision,
  WebhookConfig,
  WebhookConfigBody,
  WebhookDecisionBody,
  WebhookDecisionPreview,
  WebhookKind,
} from "./webhook";
export {
  ApprovalVoteSchema,
  InquiryProgressSchema,
  SharedApprovalGroupSchema,
  SharedApprovalMemberSchema,
  SharedApprovalSchema,
} from "./shared-approval";
export type {
  ApprovalVote,
  InquiryProgress,
  SharedApproval,
  SharedApprovalGroup,
  SharedApprovalMember,
} from "./shared-approval";
export {
  CreateTeamBodySchema,
  TeamInvitationBodySchema,
  TeamInvitationClaimBodySchema,
  TeamInvitationSchema,
  TeamMemberPatchBodySchema,
  TeamMemberSchema,
  TeamNameSchema,
  TeamRoleSchema,
  TeamSchema,
} from "./team";
export type {
  CreateTeamBody,
  Team,
  TeamInvitation,
  TeamInvitationBody,
  TeamInvitationClaimBody,
  TeamMember,
  TeamMemberPatchBody,
  TeamRole,
} from "./team";
export {
  AgentKeyListResponseSchema,
  AgentKeySchema,
  AgentRunCredentialSchema,
  CreateAgentKeyBodySchema,
  CreatedAgentKeySchema,
  CredentialKindSchema,
  MAX_AGENT_KEY_DAYS,
  MAX_AGENT_KEY_NAME_LENGTH,
  MintRunBodySchema,
} from "./agent-credentials";
export type {
  AgentKey,
  AgentKeyListResponse,
  AgentRunCredential,
  CreateAgentKeyBody,
  CreatedAgentKey,
  CredentialKind,
  MintRunBody,
} from "./agent-credentials";
export { PublicUrlSchema } from "./public-url";
export {
  ConversationChangedSchema,
  ConversationListResponseSchema,
  ConversationSchema,
  ConversationSummarySchema,
  CreateConversationBodySchema,
  FINAL_TURN_STATUSES,
  MAX_CONVERSATIONS_PER_USER,
  MAX_CONVERSATION_TITLE,
  MAX_CONVERSATION_TURNS,
  MAX_REPLY_PARTS,
  MAX_REPLY_TEXT,
  MAX_TURN_TEXT,
  RenameConversationBodySchema,
  ReplyPartSchema,
  StartTurnBodySchema,
  TurnSchema,
  TurnStatusSchema,
  UpdateTurnBodySchema,
} from "./conversations";
export type {
  Conversation,
  ConversationChanged,
  ConversationListResponse,
  ConversationSummary,
  CreateConversationBody,
  RenameConversationBody,
  ReplyPart,
  StartTurnBody,
  Turn,
  TurnStatus,
  UpdateTurnBody,
} from "./conversations";
export {
  LastEventIdSchema,
  RUN_ID_HEADER,
  RUN_METADATA_KEYS,
  RunInfoSchema,
  RunStatusSchema,
} from "./runs";
export type { RunInfo, RunStatus } from "./runs";
export { IDEMPOTENCY_META_KEY, IdempotencyKeySchema } from "./idempotency";
export type { IdempotencyKey } from "./idempotency";
export { WITHDRAW_REASON, isWithdrawReason } from "./withdraw";
export {
  WAITING_OPENING,
  WaitingResultSchema,
  waitingResult,
  waitingResultText,
} from "./waiting-result";
export type { WaitingResult } from "./waiting-result";
export { replyPartsFromEvents, replyPartsFromSseData } from "./reply-parts";
export {
  DeliveryReceiptSchema,
  InquiryReceiptsSchema,
  MAX_RECEIPTS_PER_INQUIRY,
  ReceiptChannelSchema,
  ReceiptKindSchema,
  SocketReceiptPayloadSchema,
  receiptKey,
} from "./receipts";
export type {
  DeliveryReceipt,
  InquiryReceipts,
  ReceiptChannel,
  ReceiptKind,
  SocketReceiptPayload,
} from "./receipts";
