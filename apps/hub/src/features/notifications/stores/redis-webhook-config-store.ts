import { WebhookConfigSchema } from "@inquiry-hub/protocol";
import type { RedisClient } from "../../../platform/redis/redis-client";
import type { WebhookConfigStore } from "../ports";
import type { ChannelKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * Webhook configurations shared by every node, one JSON string per user, so whichever node
 * wins an inquiry's announcement posts to the URL the user configured through any node.
 */
export function createRedisWebhookConfigStore(
  redis: RedisClient,
  keys: ChannelKeyLayout,
): WebhookConfigStore {
  return {
    async get(userId) {
      const stored = await callRedis("read a webhook configuration", () =>
        redis.get(keys.webhookConfig(userId)),
      );
      return stored === null ? undefined : WebhookConfigSchema.parse(JSON.parse(stored));
    },

    async put(userId, config) {
      await callRedis("save a webhook configuration", () =>
        redis.set(keys.webhookConfig(userId), JSON.stringify(config)),
      );
    },

    async remove(userId) {
      const removed = await callRedis("remove a webhook configuration", () =>
        redis.del(keys.webhookConfig(userId)),
      );
      return removed === 1;
    },
  };
}
