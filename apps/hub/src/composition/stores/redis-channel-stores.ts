import type { RedisClient } from "../../platform/redis/redis-client";
import { z } from "zod";
import type { LinkNonce } from "../../features/notifications/ports";
import type { ChannelStores } from "./hub-stores";
import type { KeyLayout } from "../../platform/redis/keys";
import { createRedisDeliveryClaims } from "../../features/notifications/stores/redis-delivery-claims";
import { createRedisDeliveryLog } from "../../features/history/stores/redis-delivery-log";
import { createRedisOneTimeSecretStore } from "../../platform/redis/redis-one-time-secret-store";
import { createRedisPushSubscriptionStore } from "../../features/notifications/stores/redis-push-subscription-store";
import { createRedisReceiptStore } from "../../features/receipts/stores/redis-receipt-store";
import { createRedisWebhookConfigStore } from "../../features/notifications/stores/redis-webhook-config-store";

const LinkNonceSchema: z.ZodType<LinkNonce> = z.object({
  inquiryId: z.string(),
  userId: z.string(),
});

/** The channel stores every node must share; the audit trail is read from the inquiry store. */
export type RedisChannelStores = Omit<ChannelStores, "auditTrail">;

/**
 * Builds the channel stores on one connection. A decision link's nonce is a single-use
 * secret like a pairing code, so it reuses that store under its own kind: a link issued by
 * one node is spent (GETDEL) by whichever node its confirmation reaches, exactly once.
 */
export function createRedisChannelStores(
  redis: RedisClient,
  keys: KeyLayout,
  historyTtlSeconds: number,
): RedisChannelStores {
  return {
    deliveryLog: createRedisDeliveryLog(redis, keys.channelKeys, historyTtlSeconds),
    pushSubscriptions: createRedisPushSubscriptionStore(redis, keys.channelKeys),
    webhookConfigs: createRedisWebhookConfigStore(redis, keys.channelKeys),
    webhookNonces: createRedisOneTimeSecretStore(
      redis,
      keys.accountKeys,
      "webhook-link",
      LinkNonceSchema,
    ),
    deliveryClaims: createRedisDeliveryClaims(redis, keys.channelKeys),
    receiptStore: createRedisReceiptStore(redis, keys.channelKeys, historyTtlSeconds),
  };
}
