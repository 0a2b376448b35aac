import type { ToolDefinitionPins } from "../ports";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * Tool definition pins shared by every hub node: one hash per person and upstream (tool →
 * digest), no expiry. First sightings are HSETNX then HMGET in one MULTI, so the digests read
 * back are those that won, whichever node saw the tool first.
 *
 * @param keyOf the key layout's `toolPins(userId, upstream)`.
 */
export function createRedisToolDefinitionPins(
  redis: RedisClient,
  keyOf: (userId: string, upstream: string) => string,
): ToolDefinitionPins {
  return {
    async pinFirstSeen({ userId, upstream }, digests) {
      const tools = Object.keys(digests);
      if (tools.length === 0) return {};
      const key = keyOf(userId, upstream);
      const transaction = redis.multi();
      for (const tool of tools) transaction.hsetnx(key, tool, digests[tool] ?? "");
      transaction.hmget(key, ...tools);
      const replies = await callRedis("pin tool definitions", () => transaction.exec());
      const read = replies?.at(-1);
      if (read === undefined || read[0] !== null || !Array.isArray(read[1]))
        throw new Error("reading the tool definition pins failed");
      const stored = read[1] as (string | null)[];
      return Object.fromEntries(
        tools.map((tool, index) => [tool, stored[index] ?? digests[tool] ?? ""]),
      );
    },
    async accept({ userId, upstream }, tool, digest) {
      await callRedis("accept a tool definition", () =>
        redis.hset(keyOf(userId, upstream), tool, digest),
      );
    },
  };
}
