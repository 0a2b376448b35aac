import type { RedisClient } from "./redis-client";
import { z } from "zod";
import type { DeliveryClaims } from "../../core/notifications/ports";
import type { OneTimeSecretStore } from "../../core/shared/ports";
import type { DeliveryLog } from "../../core/history/ports";
import type { ReceiptStore } from "../../core/receipts/ports";
import type { PushSubscriptionStore } from "../../core/notifications/ports";
import type { LinkNonce, WebhookConfigStore } from "../../core/notifications/ports";
import type { KeyLayout } from "./keys";
import { createRedisDeliveryClaims } from "./redis-delivery-claims";
import { createRedisDeliveryLog } from "./redis-delivery-log";
import { createRedisOneTimeSecretStore } from "./redis-one-time-secret-store";
import { createRedisPushSubscriptionStore } from "./redis-push-subscription-store";
import { createRedisReceiptStore } from "./redis-receipt-store";
import { createRedisWebhookConfigStore } from "./redis-webhook-config-store";

const LinkNonceSchema: z.ZodType<LinkNonce> = z.object({
  inquiryId: z.string(),
  userId: z.string(),
});

/** The stores of the push and webhook channels that every node must share (see composition/notification-channels.ts). */
export interface RedisChannelStores {
  deliveryLog: DeliveryLog;
  pushSubscriptions: PushSubscriptionStore;
  webhookConfigs: WebhookConfigStore;
  webhookNonces: OneTimeSecretStore<LinkNonce>;
  deliveryClaims: DeliveryClaims;
  receiptStore: ReceiptStore;
}

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
