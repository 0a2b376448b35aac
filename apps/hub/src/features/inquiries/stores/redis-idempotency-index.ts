import type { RedisClient } from "../../../platform/redis/redis-client";
import { z } from "zod";
import type { IdempotencyIndex, IdempotencyScope } from "../ports";
import { callRedis } from "../../../platform/redis/redis-errors";

/** Set-if-absent that answers with the holder: the earlier inquiry id, or the one just set. */
const CLAIM = `
local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return ARGV[1]
`;

/** Deletes the key (and any result) only while it still names the given inquiry. */
const RELEASE = `
if redis.call('GET', KEYS[1]) == ARGV[1] then redis.call('DEL', KEYS[1], KEYS[2]) end
return 0
`;

/**
 * Attaches a result while the key names the inquiry, expiring with the key (its remaining
 * PTTL); ARGV[3] = 'if-absent' keeps an earlier result. Answers with the result kept.
 */
const ATTACH = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return false end
local kept = redis.call('GET', KEYS[2])
if kept and ARGV[3] == 'if-absent' then return kept end
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then
  redis.call('SET', KEYS[2], ARGV[2], 'PX', ttl)
else
  redis.call('SET', KEYS[2], ARGV[2])
end
return ARGV[2]
`;

/** A key's two Redis keys: the inquiry id it names, and the result attached to it. */
export interface IdempotencyKeys {
  entry: string;
  result: string;
}

/**
 * The idempotency index shared by every hub node: a repeated call reaching node B finds the
 * inquiry its first attempt opened on node A. One string key per user, credential and key (under
 * the user's hash tag, so each script's keys share a slot), holding the
 * inquiry id and expired by Redis itself (PX), plus a second string for an attached result
 * with the same expiry; claim, release and attach are Lua scripts, so each check and its
 * write are one atomic step.
 *
 * @param keysOf the key layout's `idempotency(scope, key)` and `idempotencyResult(scope, key)`.
 */
export function createRedisIdempotencyIndex(
  redis: RedisClient,
  keysOf: (scope: IdempotencyScope, key: string) => IdempotencyKeys,
): IdempotencyIndex {
  return {
    async claim(scope, key, inquiryId, ttlMs) {
      const reply = await callRedis("claim idempotency key", () =>
        redis.eval(CLAIM, 1, keysOf(scope, key).entry, inquiryId, Math.max(1, Math.ceil(ttlMs))),
      );
      return z.string().min(1).parse(reply);
    },
    async release(scope, key, inquiryId) {
      const keys = keysOf(scope, key);
      await callRedis("release idempotency key", () =>
        redis.eval(RELEASE, 2, keys.entry, keys.result, inquiryId),
      );
    },
    async attachResult(scope, key, inquiryId, result, mode) {
      const keys = keysOf(scope, key);
      const reply = await callRedis("attach idempotency result", () =>
        redis.eval(ATTACH, 2, keys.entry, keys.result, inquiryId, result, mode),
      );
      return z.string().nullable().parse(reply) ?? undefined;
    },
    async read(scope, key) {
      const keys = keysOf(scope, key);
      const [inquiryId, result] = await callRedis("read idempotency key", () =>
        redis.mget(keys.entry, keys.result),
      );
      if (inquiryId === null || inquiryId === undefined) return undefined;
      return { inquiryId, result: result ?? undefined };
    },
  };
}
