import { z } from "zod";
import type { PendingIndex } from "../../features/inquiries/ports";
import type { HubStores } from "./hub-stores";
import { openEmbeddedDatabase } from "../../platform/lmdb/embedded-database";
import { createLmdbApprovalVoteStore } from "../../features/teams/stores/lmdb-approval-vote-store";
import { createLmdbAuditTrail } from "../../features/inquiries/stores/lmdb-audit-trail";
import { createLmdbDeliveryClaims } from "../../features/notifications/stores/lmdb-delivery-claims";
import { createLmdbDeliveryLog } from "../../features/history/stores/lmdb-delivery-log";
import { createLmdbDeviceStore } from "../../features/accounts/stores/lmdb-device-store";
import { createMemoryIdempotencyIndex } from "../../features/inquiries/stores/memory-idempotency-index";
import { createLmdbIdempotencyIndex } from "../../features/inquiries/stores/lmdb-idempotency-index";
import { createLmdbUsedRequestStates } from "../../features/approvals/stores/lmdb-used-request-states";
import { createLmdbToolDefinitionPins } from "../../features/approvals/stores/lmdb-tool-definition-pins";
import { createLmdbInquiryStore } from "../../features/inquiries/stores/lmdb-inquiry-store";
import { createLmdbOneTimeSecretStore } from "../../platform/lmdb/lmdb-one-time-secret-store";
import { createLmdbPendingIndex } from "../../features/inquiries/stores/lmdb-pending-index";
import { createLmdbPushSubscriptionStore } from "../../features/notifications/stores/lmdb-push-subscription-store";
import { createLmdbReceiptStore } from "../../features/receipts/stores/lmdb-receipt-store";
import { createLmdbSettingsStore } from "../../features/settings/stores/lmdb-settings-store";
import { createLmdbApprovalRuleStore } from "../../features/approval-rules/stores/lmdb-approval-rule-store";
import { createLmdbAuditChainStore } from "../../features/audit/stores/lmdb-audit-chain-store";
import { createLmdbConversationStore } from "../../features/conversations/stores/lmdb-conversation-store";
import { createLmdbTeamStore } from "../../features/teams/stores/lmdb-team-store";
import {
  createLmdbTokenStore,
  createLmdbUserStore,
} from "../../features/accounts/stores/lmdb-user-store";
import { createLmdbWebhookConfigStore } from "../../features/notifications/stores/lmdb-webhook-config-store";
import { createMemoryBatchWindows } from "../../features/approvals/batches/memory-batch-windows";
import { createMemoryPresenceStore } from "../../features/accounts/stores/memory-presence-store";

const OptionsSchema = z.object({
  /** The folder of the LMDB environment; created when missing. */
  dir: z.string().min(1),
  /** How long resolved inquiries, their audit entries, votes and receipts stay as history. */
  historyTtlSeconds: z.number().int().positive(),
});

/** Options of `createEmbeddedInfra`. */
export type EmbeddedInfraOptions = z.infer<typeof OptionsSchema>;

/** Every store a single persistent hub node keeps on disk. */
export interface EmbeddedInfra extends HubStores {
  /** Overdue pending inquiries, so questions left open across a restart still time out. */
  pendingIndex: PendingIndex;
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
 * const hub = createHub(config, embedded);
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
    // A delivery mark lives seconds and guards only this node's racing calls; one lost with the
    // process leaves the answer kept, as an expired mark would. In memory it saves the two
    // fsynced commits (claim, release) every answered call made.
    deliveryMarks: createMemoryIdempotencyIndex(),
    usedRequestStates: createLmdbUsedRequestStates(db),
    toolDefinitionPins: createLmdbToolDefinitionPins(db),
    // A batch window lives seconds and one process serves the database: memory is enough.
    batchWindows: createMemoryBatchWindows(),
    userStore: createLmdbUserStore(db),
    tokenStore: createLmdbTokenStore(db),
    deviceStore: createLmdbDeviceStore(db),
    // One node, and presence is only ever "now": nothing of it is worth keeping on disk.
    presenceStore: createMemoryPresenceStore(),
    pairingCodes: createLmdbOneTimeSecretStore(db, "pairing"),
    socketTickets: createLmdbOneTimeSecretStore(db, "ticket"),
    settingsStore: createLmdbSettingsStore(db),
    approvalRules: createLmdbApprovalRuleStore(db),
    conversationStore: createLmdbConversationStore(db),
    auditChains: createLmdbAuditChainStore(db),
    teamStore: createLmdbTeamStore(db),
    teamInvitations: createLmdbOneTimeSecretStore(db, "team-invitation"),
    approvalVotes: createLmdbApprovalVoteStore(db, { ttlSeconds: historyTtlSeconds }),
    channelStores: {
      auditTrail: createLmdbAuditTrail(db),
      deliveryLog: createLmdbDeliveryLog(db),
      pushSubscriptions: createLmdbPushSubscriptionStore(db),
      webhookConfigs: createLmdbWebhookConfigStore(db),
      webhookNonces: createLmdbOneTimeSecretStore(db, "webhook-link"),
      deliveryClaims: createLmdbDeliveryClaims(db),
      receiptStore: createLmdbReceiptStore(db, { ttlSeconds: historyTtlSeconds }),
    },
    close() {
      closing ??= db.close();
      return closing;
    },
  };
}
