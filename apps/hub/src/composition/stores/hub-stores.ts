import type { PairingGrant } from "../../features/accounts/pairing-service";
import type { DeviceStore, TokenStore, UserStore } from "../../features/accounts/ports";
import type { PresenceStore } from "../../features/accounts/presence-store";
import type { ToolDefinitionPins, UsedRequestStates } from "../../features/approvals/ports";
import type { BatchWindows } from "../../features/approvals/batches/ports";
import type { ApprovalRuleStore } from "../../features/approval-rules/ports";
import type { AuditChainStore } from "../../features/audit/ports";
import type { ConversationStore } from "../../features/conversations/ports";
import type { DeliveryLog } from "../../features/history/ports";
import type { AuditTrail } from "../../features/inquiries/audit-trail";
import type { IdempotencyIndex, InquiryStore, PendingIndex } from "../../features/inquiries/ports";
import type {
  DeliveryClaims,
  LinkNonce,
  PushSubscriptionStore,
  WebhookConfigStore,
} from "../../features/notifications/ports";
import type { ReceiptStore } from "../../features/receipts/ports";
import type { SettingsStore } from "../../features/settings/ports";
import type { ApprovalVoteStore, TeamInvitationGrant, TeamStore } from "../../features/teams/ports";
import type { OneTimeSecretStore } from "../../kernel/ports";

/** The stores of history, push, webhooks and receipts (see composition/channel-wiring.ts). */
export interface ChannelStores {
  /**
   * How each inquiry changed. Redis and the embedded store write it with each change, in the
   * same script or transaction; the memory one records the bus's events.
   */
  auditTrail: AuditTrail;
  deliveryLog: DeliveryLog;
  pushSubscriptions: PushSubscriptionStore;
  webhookConfigs: WebhookConfigStore;
  /** Nonce hash → which inquiry of whom a decision link may decide. */
  webhookNonces: OneTimeSecretStore<LinkNonce>;
  /** Once-only announcements and follow-ups across nodes (Redis), or just this node. */
  deliveryClaims: DeliveryClaims;
  /** Who each question reached and who saw it (delivery receipts); expires with the history. */
  receiptStore: ReceiptStore;
}

/** The stores of teams and shared approvals (see composition/team-wiring.ts). */
export interface TeamStores {
  teamStore: TeamStore;
  /** Invitation code hash → grant; the same OneTimeSecretStore port as pairing codes. */
  teamInvitations: OneTimeSecretStore<TeamInvitationGrant>;
  approvalVotes: ApprovalVoteStore;
}

/**
 * Every store a hub node keeps its state in, declared once: each backend has one factory that
 * builds the whole set (memory-stores.ts for tests and the default, embedded-infra.ts for
 * `npm start`, redis-infra.ts for several nodes), and the contract tests under
 * `test/<feature>/*-contract.test.ts` hold each port's adapters to the same behaviour.
 */
export interface HubStores extends TeamStores {
  inquiryStore: InquiryStore;
  /**
   * A persistent view of pending inquiries, swept so questions left open across a restart
   * (whose backstop timers died with the previous run) or by a dead node still time out;
   * none in memory, where nothing outlives the process.
   */
  pendingIndex: PendingIndex | undefined;
  /** Idempotency keys of MCP calls → their inquiries, so a repeated call finds its question. */
  idempotencyIndex: IdempotencyIndex;
  /**
   * Where the short-lived marks of answers in delivery (kept-deliveries.ts) are claimed, when
   * not in `idempotencyIndex` beside the keys: the embedded store's single node keeps them in
   * memory. Never filled in by default, so nodes sharing an index share its marks too.
   */
  deliveryMarks?: IdempotencyIndex | undefined;
  /** Redeemed `requestState`s of the proxy's 2026-07-28 path, so each is spent once. */
  usedRequestStates: UsedRequestStates;
  /** Each person's pinned upstream tool definitions (the proxy's). */
  toolDefinitionPins: ToolDefinitionPins;
  /** Each agent credential's open batch of approvals, shared by the nodes. */
  batchWindows: BatchWindows;
  userStore: UserStore;
  tokenStore: TokenStore;
  deviceStore: DeviceStore;
  pairingCodes: OneTimeSecretStore<PairingGrant>;
  /** Socket ticket hash → device id. */
  socketTickets: OneTimeSecretStore<string>;
  /** Which devices are in front of their person now (memory: this node; Redis: every node's). */
  presenceStore: PresenceStore;
  /** Users' settings (YOLO). */
  settingsStore: SettingsStore;
  /** People's standing approval rules ("always allow this"). */
  approvalRules: ApprovalRuleStore;
  /** People's conversations and their turns. */
  conversationStore: ConversationStore;
  /** The tamper-evident audit: signed hash chains per person and team, and the signing key. */
  auditChains: AuditChainStore;
  channelStores: ChannelStores;
}
