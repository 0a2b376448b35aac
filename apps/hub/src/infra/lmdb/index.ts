import { z } from "zod";
import type { PairingGrant } from "../../core/accounts/pairing-service";
import type { DeviceStore, TokenStore, UserStore } from "../../core/accounts/ports";
import type { AuditTrail, DeliveryLog } from "../../core/history/ports";
import type { IdempotencyIndex, InquiryStore, PendingIndex } from "../../core/inquiries/ports";
import type { ToolDefinitionPins, UsedRequestStates } from "../../core/approvals/ports";
import type {
  DeliveryClaims,
  LinkNonce,
  PushSubscriptionStore,
  WebhookConfigStore,
} from "../../core/notifications/ports";
import type { SettingsStore } from "../../core/settings/ports";
import type { ConversationStore } from "../../core/conversations/ports";
import type { ReceiptStore } from "../../core/receipts/ports";
import type { OneTimeSecretStore } from "../../core/shared/ports";
import type { ApprovalVoteStore, TeamInvitationGrant, TeamStore } from "../../core/teams/ports";
import { openEmbeddedDatabase } from "./embedded-database";
import { createLmdbApprovalVoteStore } from "./lmdb-approval-vote-store";
import { createLmdbAuditTrail } from "./lmdb-audit-trail";
import { createLmdbDeliveryClaims } from "./lmdb-delivery-claims";
import { createLmdbDeliveryLog } from "./lmdb-delivery-log";
import { createLmdbDeviceStore } from "./lmdb-device-store";
import { createLmdbIdempotencyIndex } from "./lmdb-idempotency-index";
import { createLmdbUsedRequestStates } from "./lmdb-used-request-states";
import { createLmdbToolDefinitionPins } from "./lmdb-tool-definition-pins";
import { createLmdbInquiryStore } from "./lmdb-inquiry-store";
import { createLmdbOneTimeSecretStore } from "./lmdb-one-time-secret-store";
import { createLmdbPendingIndex } from "./lmdb-pending-index";
import { createLmdbPushSubscriptionStore } from "./lmdb-push-subscription-store";
import { createLmdbReceiptStore } from "./lmdb-receipt-store";
import { createLmdbSettingsStore } from "./lmdb-settings-store";
import { createLmdbConversationStore } from "./lmdb-conversation-store";
import { createLmdbTeamStore } from "./lmdb-team-store";
import { createLmdbTokenStore, createLmdbUserStore } from "./lmdb-user-store";
import { createLmdbWebhookConfigStore } from "./lmdb-webhook-config-store";

const OptionsSchema = z.object({
  /** The folder of the LMDB environment; created when missing. */
  dir: z.string().min(1),
  /** How long resolved inquiries, their audit entries, votes and receipts stay as history. */
  historyTtlSeconds: z.number().int().positive(),
});

/** Options of `createEmbeddedInfra`. */
export type EmbeddedInfraOptions = z.infer<typeof OptionsSchema>;

/** The history, push and webhook stores kept on disk; senders and posters stay the defaults. */
export interface EmbeddedChannelStores {
  /** Written by the inquiry store in the transaction of each change. */
  auditTrail: AuditTrail;
  deliveryLog: DeliveryLog;
  pushSubscriptions: PushSubscriptionStore;
  webhookConfigs: WebhookConfigStore;
  webhookNonces: OneTimeSecretStore<LinkNonce>;
  deliveryClaims: DeliveryClaims;
  /** Who each question reached and who saw it; expires with the history. */
  receiptStore: ReceiptStore;
}

/** Every store port a single persistent hub node keeps on disk. */
export interface EmbeddedInfra {
  inquiryStore: InquiryStore;
  /** Overdue pending inquiries, so questions left open across a restart still time out. */
  pendingIndex: PendingIndex;
  /** Idempotency keys of MCP calls, so a call repeated after a restart finds its inquiry. */
  idempotencyIndex: IdempotencyIndex;
  /** Redeemed request states of the proxy, so a state spent before a restart stays spent. */
  usedRequestStates: UsedRequestStates;
  /** Each person's pinned upstream tool definitions, so a change made during a restart is seen. */
  toolDefinitionPins: ToolDefinitionPins;
  userStore: UserStore;
  tokenStore: TokenStore;
  deviceStore: DeviceStore;
  pairingCodes: OneTimeSecretStore<PairingGrant>;
  socketTickets: OneTimeSecretStore<string>;
  settingsStore: SettingsStore;
  conversationStore: ConversationStore;
  teamStore: TeamStore;
  teamInvitations: OneTimeSecretStore<TeamInvitationGrant>;
  approvalVotes: ApprovalVoteStore;
  channelStores: EmbeddedChannelStores;
  /** Flushes and closes the database; safe to call twice. Close the hub first. */
  close(): Promise<void>;
}

/**
 * Opens the embedded store in `dir` (HUB_DATA_DIR) and builds every store port on it: the
 * default of `npm start`, so accounts, paired devices, history, settings, teams, channels
 * and pending inquiries survive a restart. One node only; several nodes share Redis.
 *
 * @example
 * const embedded = createEmbeddedInfra({ dir: ".data/hub", historyTtlSeconds: 604_800 });
 * const hub = createHub(config, embeddedHubDeps(embedded));
 * // on shutdown: await hub.close(); await embedded.close();
 */
export function createEmbeddedInfra(options: EmbeddedInfraOptions): EmbeddedInfra {
  const { dir, historyTtlSeconds } = OptionsSchema.parse(options);
  const db = openEmbeddedDatabase(dir);
  let closing: Promise<void> | undefined;
  return {
    inquiryStore: createLmdbInquiryStore(db, { historyTtlSeconds }),
    pendingIndex: createLmdbPendingIndex(db),
    idempotencyIndex: createLmdbIdempotencyIndex(db),
    usedRequestStates: createLmdbUsedRequestStates(db),
    toolDefinitionPins: createLmdbToolDefinitionPins(db),
    userStore: createLmdbUserStore(db),
    tokenStore: createLmdbTokenStore(db),
    deviceStore: createLmdbDeviceStore(db),
    pairingCodes: createLmdbOneTimeSecretStore<PairingGrant>(db, "pairing"),
    socketTickets: createLmdbOneTimeSecretStore<string>(db, "ticket"),
    settingsStore: createLmdbSettingsStore(db),
    conversationStore: createLmdbConversationStore(db),
    teamStore: createLmdbTeamStore(db),
    teamInvitations: createLmdbOneTimeSecretStore<TeamInvitationGrant>(db, "team-invitation"),
    approvalVotes: createLmdbApprovalVoteStore(db, { ttlSeconds: historyTtlSeconds }),
    channelStores: {
      auditTrail: createLmdbAuditTrail(db),
      deliveryLog: createLmdbDeliveryLog(db),
      pushSubscriptions: createLmdbPushSubscriptionStore(db),
      webhookConfigs: createLmdbWebhookConfigStore(db),
      webhookNonces: createLmdbOneTimeSecretStore<LinkNonce>(db, "webhook-link"),
      deliveryClaims: createLmdbDeliveryClaims(db),
      receiptStore: createLmdbReceiptStore(db, { ttlSeconds: historyTtlSeconds }),
    },
    close() {
      closing ??= db.close();
      return closing;
    },
  };
}
