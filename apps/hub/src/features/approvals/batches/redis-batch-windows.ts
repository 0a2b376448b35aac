import type { RedisClient } from "../../../platform/redis/redis-client";
import { callRedis } from "../../../platform/redis/redis-errors";
import type { BatchWindows } from "./ports";

/** Rounds of "open one, else join the open one" before giving up on a window that keeps lapsing. */
const ATTEMPTS = 3;

/**
 * Batch windows shared by every hub node. Opening is `SET key candidate NX PX window`, so
 * Redis decides which of racing nodes opens the batch; joining reads the open id and moves
 * its expiry (`PEXPIRE`) in one MULTI, so a window that lapses in between is seen as absent
 * and the next round opens a new one instead of joining a dead id.
 *
 * @param keyPrefix the hub's Redis key prefix; one key per scope, so it works on a cluster.
 */
export function createRedisBatchWindows(redis: RedisClient, keyPrefix: string): BatchWindows {
  const keyOf = (scope: string) => `${keyPrefix}approval-batch-window:{${scope}}`;

  async function joinOpen(key: string, windowMs: number): Promise<string | undefined> {
    const replies = await redis.multi().get(key).pexpire(key, windowMs).exec();
    const [got, extended] = replies ?? [];
    const failure = got?.[0] ?? extended?.[0];
    if (failure) throw failure;
    const batchId = got?.[1];
    return typeof batchId === "string" && extended?.[1] === 1 ? batchId : undefined;
  }

  return {
    join(scope, candidate, windowMs) {
      const key = keyOf(scope);
      const ttlMs = Math.max(1, Math.ceil(windowMs));
      return callRedis("join an approval batch", async () => {
        for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
          const opened = await redis.set(key, candidate, "PX", ttlMs, "NX");
          if (opened === "OK") return candidate;
          const open = await joinOpen(key, ttlMs);
          if (open !== undefined) return open;
        }
        return candidate;
      });
    },
  };
}
