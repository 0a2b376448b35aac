import type { RedisClient } from "../../../platform/redis/redis-client";
import { callRedis } from "../../../platform/redis/redis-errors";
import type { PresenceStore } from "../presence-store";

/**
 * Presence shared by the nodes: one sorted set per person, device id scored by when its mark
 * expires. A read takes the marks scored after now; each write drops the expired ones and
 * sets the key's own TTL to the newest mark's, so a person whose node died leaves no key
 * behind either. Scores are the writing node's clock: nodes' clocks are assumed to agree to
 * well within a mark's time to live.
 */
export function createRedisPresenceStore(
  redis: RedisClient,
  keyOf: (userId: string) => string,
  now: () => number = Date.now,
): PresenceStore {
  return {
    async markHere(userId, deviceId, ttlMs) {
      const key = keyOf(userId);
      const nowMs = now();
      await callRedis("mark a device present", () =>
        redis
          .multi()
          .zadd(key, nowMs + ttlMs, deviceId)
          .zremrangebyscore(key, "-inf", nowMs)
          .pexpire(key, ttlMs)
          .exec(),
      );
    },

    async clear(userId, deviceId) {
      await callRedis("clear a device's presence", () => redis.zrem(keyOf(userId), deviceId));
    },

    hereDevices(userId) {
      return callRedis("read presence", () =>
        redis.zrangebyscore(keyOf(userId), `(${String(now())}`, "+inf"),
      );
    },
  };
}
