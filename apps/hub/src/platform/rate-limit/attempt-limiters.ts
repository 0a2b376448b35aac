import type { RedisClient } from "../redis/redis-client";
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { RateLimiterAbstract } from "rate-limiter-flexible";
import type { AttemptLimiter, AttemptLimiterFactory } from "../../kernel/ports";
import { HubError } from "../../kernel/errors";

/**
 * Adapts a rate-limiter-flexible limiter to the AttemptLimiter port. The library rejects with
 * a RateLimiterRes when the budget is spent and with an Error when its store failed; the
 * latter becomes UNAVAILABLE so the caller fails closed instead of skipping the limit.
 */
function toAttemptLimiter(limiter: RateLimiterAbstract, name: string): AttemptLimiter {
  return {
    async consume(key) {
      try {
        await limiter.consume(key);
      } catch (error) {
        if (error instanceof RateLimiterRes) {
          const retryAfterSeconds = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
          throw new HubError("RATE_LIMITED", `too many ${name} attempts; retry later`, {
            details: { retryAfterSeconds },
          });
        }
        throw new HubError("UNAVAILABLE", `${name} limiter unavailable; refused to be safe`, {
          cause: error,
        });
      }
    },
    async refund(key) {
      await limiter.reward(key, 1);
    },
  };
}

/** Limiters counting in this process: right for a single node. */
export function createMemoryAttemptLimiters(): AttemptLimiterFactory {
  return (name, budget) =>
    toAttemptLimiter(
      new RateLimiterMemory({
        keyPrefix: name,
        points: budget.points,
        duration: budget.windowSeconds,
      }),
      name,
    );
}

/**
 * Limiters counting in Redis, shared by every node. No in-memory insurance limiter: when
 * Redis is down the limited operations are refused (UNAVAILABLE), never let through.
 */
export function createRedisAttemptLimiters(
  redis: RedisClient,
  keyPrefix: string,
): AttemptLimiterFactory {
  return (name, budget) =>
    toAttemptLimiter(
      new RateLimiterRedis({
        storeClient: redis,
        keyPrefix: `${keyPrefix}rl:${name}`,
        points: budget.points,
        duration: budget.windowSeconds,
      }),
      name,
    );
}
