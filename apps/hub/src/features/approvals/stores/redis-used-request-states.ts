import type { RedisClient } from "../../../platform/redis/redis-client";
import type { UsedRequestStates } from "../ports";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * Used request states shared by every hub node: a consume is `SET key 1 PX ttl NX`, so
 * Redis itself decides which of racing consumers (on any nodes) gets the OK, and expires
 * the mark.
 *
 * @param keyOf the key layout's `usedRequestState(stateId)`.
 */
export function createRedisUsedRequestStates(
  redis: RedisClient,
  keyOf: (stateId: string) => string,
): UsedRequestStates {
  return {
    async consume(stateId, ttlMs) {
      const reply = await callRedis("consume a request state", () =>
        redis.set(keyOf(stateId), "1", "PX", Math.max(1, Math.ceil(ttlMs)), "NX"),
      );
      return reply === "OK";
    },
  };
}
