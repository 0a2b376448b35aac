import { createMemoryDeviceStore } from "../../features/accounts/stores/memory-device-store";
import {
  createMemoryTokenStore,
  createMemoryUserStore,
} from "../../features/accounts/stores/memory-user-store";
import { createMemoryToolDefinitionPins } from "../../features/approvals/stores/memory-tool-definition-pins";
import { createMemoryUsedRequestStates } from "../../features/approvals/stores/memory-used-request-states";
import { createMemoryBatchWindows } from "../../features/approvals/batches/memory-batch-windows";
import { createMemoryApprovalRuleStore } from "../../features/approval-rules/stores/memory-approval-rule-store";
import { createMemoryAuditChainStore } from "../../features/audit/stores/memory-audit-chain-store";
import { createMemoryConversationStore } from "../../features/conversations/stores/memory-conversation-store";
import { createMemoryDeliveryLog } from "../../features/history/stores/memory-delivery-log";
import { createMemoryAuditTrail } from "../../features/inquiries/stores/memory-audit-trail";
import { createMemoryIdempotencyIndex } from "../../features/inquiries/stores/memory-idempotency-index";
import { createMemoryInquiryStore } from "../../features/inquiries/stores/memory-inquiry-store";
import { createMemoryDeliveryClaims } from "../../features/notifications/stores/memory-delivery-claims";
import { createMemoryPushSubscriptionStore } from "../../features/notifications/stores/memory-push-subscription-store";
import { createMemoryWebhookConfigStore } from "../../features/notifications/stores/memory-webhook-config-store";
import { createMemoryReceiptStore } from "../../features/receipts/stores/memory-receipt-store";
import { createMemorySettingsStore } from "../../features/settings/stores/memory-settings-store";
import { createMemoryApprovalVoteStore } from "../../features/teams/stores/memory-approval-vote-store";
import { createMemoryTeamStore } from "../../features/teams/stores/memory-team-store";
import { createMemoryOneTimeSecretStore } from "../../platform/memory/memory-one-time-secret-store";
import type { HubStores } from "./hub-stores";
import { createMemoryPresenceStore } from "../../features/accounts/stores/memory-presence-store";

/** How long the memory stores keep what expires. */
export interface MemoryStoreOptions {
  /** How long resolved inquiries, votes and receipts stay as history. */
  historyTtlSeconds: number;
  /** Resolved inquiries kept per user at most: memory is bounded where Redis and LMDB expire. */
  maxResolvedPerUser: number;
}

/**
 * Every store in this process's memory: what a hub keeps when no store is configured (tests,
 * a throwaway node). Nothing outlives the process, so there is no pending index to sweep.
 */
export function createMemoryStores(options: MemoryStoreOptions): HubStores {
  const historyTtlMs = options.historyTtlSeconds * 1000;
  return {
    inquiryStore: createMemoryInquiryStore({
      historyTtlMs,
      maxResolvedPerUser: options.maxResolvedPerUser,
    }),
    pendingIndex: undefined,
    idempotencyIndex: createMemoryIdempotencyIndex(),
    usedRequestStates: createMemoryUsedRequestStates(),
    toolDefinitionPins: createMemoryToolDefinitionPins(),
    batchWindows: createMemoryBatchWindows(),
    userStore: createMemoryUserStore(),
    tokenStore: createMemoryTokenStore(),
    deviceStore: createMemoryDeviceStore(),
    presenceStore: createMemoryPresenceStore(),
    pairingCodes: createMemoryOneTimeSecretStore(),
    socketTickets: createMemoryOneTimeSecretStore(),
    settingsStore: createMemorySettingsStore(),
    approvalRules: createMemoryApprovalRuleStore(),
    conversationStore: createMemoryConversationStore(),
    auditChains: createMemoryAuditChainStore(),
    teamStore: createMemoryTeamStore(),
    teamInvitations: createMemoryOneTimeSecretStore(),
    approvalVotes: createMemoryApprovalVoteStore({ ttlMs: historyTtlMs }),
    channelStores: {
      auditTrail: createMemoryAuditTrail(),
      deliveryLog: createMemoryDeliveryLog(),
      pushSubscriptions: createMemoryPushSubscriptionStore(),
      webhookConfigs: createMemoryWebhookConfigStore(),
      webhookNonces: createMemoryOneTimeSecretStore(),
      deliveryClaims: createMemoryDeliveryClaims(),
      receiptStore: createMemoryReceiptStore({ ttlMs: historyTtlMs }),
    },
  };
}
