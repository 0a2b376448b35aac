/**
 * What leaves the hub toward people outside a tab: Web Push messages and their
 * actions, webhook channels and the decisions a webhook link carries.
 */
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
