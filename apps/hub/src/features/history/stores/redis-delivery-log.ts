import { DeliveryAttemptSchema } from "@inquiry-hub/protocol";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { DELIVERY_LOG_LIMIT_PER_USER } from "../ports";
import type { DeliveryLog } from "../ports";
import type { ChannelKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * Delivery attempts shared by every node, so history shows a delivery whichever node made
 * it: one list per user, newest first, trimmed to the memory log's bound and expiring with
 * the history it belongs to (the TTL is renewed on every append).
 */
export function createRedisDeliveryLog(
  redis: RedisClient,
  keys: ChannelKeyLayout,
  historyTtlSeconds: number,
): DeliveryLog {
  return {
    async append(userId, attempt) {
      const key = keys.deliveries(userId);
      await callRedis("log a delivery", () =>
        redis
          .multi()
          .lpush(key, JSON.stringify(attempt))
          .ltrim(key, 0, DELIVERY_LOG_LIMIT_PER_USER - 1)
          .expire(key, historyTtlSeconds)
          .exec(),
      );
    },

    async recent(userId, limit) {
      if (limit <= 0) return [];
      const stored = await callRedis("read deliveries", () =>
        redis.lrange(keys.deliveries(userId), 0, limit - 1),
      );
      return stored.map((each) => DeliveryAttemptSchema.parse(JSON.parse(each)));
    },
  };
}
