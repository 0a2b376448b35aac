/**
 * The hub's HTTP API: bodies, queries and responses of `/api/*` (accounts and devices,
 * settings, history, teams, conversations, agent keys), the error body every route answers
 * with and its code table, and PUBLIC_URL.
 */
export { CredentialsSchema, PublicUserSchema } from "./auth";
export type { Credentials, PublicUser } from "./auth";
export {
  AuthResponseSchema,
  DeviceHintSchema,
  DeviceKindSchema,
  DeviceListResponseSchema,
  DeviceNameSchema,
  DeviceRenameBodySchema,
  DeviceSchema,
  LoginBodySchema,
  MAX_DEVICE_NAME_LENGTH,
  SocketTicketSchema,
} from "./devices";
export type {
  AuthResponse,
  Device,
  DeviceHint,
  DeviceKind,
  DeviceListResponse,
  DeviceRenameBody,
  LoginBody,
  SocketTicket,
} from "./devices";
export {
  PairingClaimBodySchema,
  PairingCodeSchema,
  PairingCodeStatusSchema,
  PairingLookupBodySchema,
  PairingLookupSchema,
} from "./pairing";
export type {
  PairingClaimBody,
  PairingCode,
  PairingCodeStatus,
  PairingLookup,
  PairingLookupBody,
} from "./pairing";
export { MeResponseSchema } from "./auth-me";
export type { MeResponse } from "./auth-me";
export { ApiErrorBodySchema, ERROR_CODES, ErrorCodeSchema } from "./errors";
export type { ApiErrorBody, ErrorCode } from "./errors";
export {
  isYoloActive,
  MAX_YOLO_SECONDS,
  UpdateSettingsBodySchema,
  UserSettingsSchema,
  YoloSettingSchema,
} from "./settings";
export type { UpdateSettingsBody, UserSettings, YoloSetting } from "./settings";
export {
  DeliveryAttemptSchema,
  DeliveryPurposeSchema,
  HISTORY_EXPORT_COLUMNS,
  HistoryAuditEntrySchema,
  HistoryDeciderSchema,
  HistoryDecisionSchema,
  historyDateBounds,
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
} from "./history";
export type {
  DeliveryAttempt,
  HistoryAuditEntry,
  HistoryDecider,
  HistoryDecision,
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
  MAX_CONVERSATION_TITLE,
  MAX_CONVERSATION_TURNS,
  MAX_CONVERSATIONS_PER_USER,
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
  ApprovalRuleListSchema,
  ApprovalRulePreviewSchema,
  ApprovalRuleSchema,
  ApprovalRulesExportSchema,
  CreateApprovalRuleBodySchema,
  ImportApprovalRulesResultSchema,
  MAX_RULE_CONDITIONS,
  MAX_RULE_NAME_LENGTH,
  MAX_RULES_PER_PERSON,
  RuleAgentScopeSchema,
  RuleConditionSchema,
  RuleDurationSchema,
  RuleSuggestionsSchema,
  UpdateApprovalRuleBodySchema,
} from "./approval-rules";
export type {
  ApprovalRule,
  ApprovalRuleList,
  ApprovalRulePreview,
  ApprovalRulesExport,
  CreateApprovalRuleBody,
  ImportApprovalRulesResult,
  RuleAgentScope,
  RuleCondition,
  RuleDuration,
  RuleSuggestions,
  UpdateApprovalRuleBody,
} from "./approval-rules";
export {
  BatchDecisionBodySchema,
  BatchDecisionResultSchema,
  BatchSkipReasonSchema,
  MAX_BATCH_ITEMS,
} from "./batches";
export type { BatchDecisionBody, BatchDecisionResult, BatchSkipReason } from "./batches";
export {
  DigestSettingSchema,
  MAX_ROUTING_DELAY_SECONDS,
  PresenceReportSchema,
  QuietHoursSchema,
  RoutingPlanSchema,
  TimeZoneSchema,
} from "./reach";
export type { DigestSetting, PresenceReport, QuietHours, RoutingPlan } from "./reach";
export {
  DigestAskerSchema,
  DigestItemSchema,
  DigestQuerySchema,
  DigestSchema,
  MAX_DIGEST_INQUIRIES,
  MAX_DIGEST_SECTION_ITEMS,
} from "./digest";
export type { Digest, DigestAsker, DigestItem, DigestQuery } from "./digest";
