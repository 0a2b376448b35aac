import { AuditRecordSchema } from "../audit-record";
import type { AppendResult, AuditChainStore } from "../ports";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * KEYS[1] records (list), KEYS[2] tail (hash seq/hash); ARGV seq, prevHash, hash, JSON →
 * {1} appended, or {0, tail seq, tail hash} when another node appended first.
 */
const COMPARE_AND_APPEND = `
local seq = tonumber(redis.call('HGET', KEYS[2], 'seq') or '0')
local hash = redis.call('HGET', KEYS[2], 'hash') or ''
if seq ~= tonumber(ARGV[1]) - 1 or hash ~= ARGV[2] then return {0, seq, hash} end
redis.call('RPUSH', KEYS[1], ARGV[4])
redis.call('HSET', KEYS[2], 'seq', ARGV[1], 'hash', ARGV[3])
return {1}`;

/** The script's reply as the port's result. */
function appendResult(reply: unknown): AppendResult {
  if (!Array.isArray(reply) || (reply[0] !== 0 && reply[0] !== 1))
    throw new Error("unexpected reply of the audit append script");
  if (reply[0] === 1) return { appended: true };
  const seq = Number(reply[1]);
  return { appended: false, tail: seq === 0 ? undefined : { seq, hash: String(reply[2]) } };
}

/**
 * Chains shared by every node: each chain a list (`audit:{<chain>}:records`) and its tail
 * (`…:tail`), under one hash tag so the compare-and-append script touches both in one
 * step. The signing key is `audit:signing-key`, written with SET NX so the first node's key
 * is every node's. Nothing here expires: the audit outlives the history.
 */
export function createRedisAuditChainStore(redis: RedisClient, prefix: string): AuditChainStore {
  const recordsKey = (chain: string) => `${prefix}audit:{${chain}}:records`;
  const tailKey = (chain: string) => `${prefix}audit:{${chain}}:tail`;
  return {
    async append(record) {
      const reply = await callRedis("append audit record", () =>
        redis.eval(
          COMPARE_AND_APPEND,
          2,
          recordsKey(record.chain),
          tailKey(record.chain),
          record.seq,
          record.prevHash,
          record.hash,
          JSON.stringify(record),
        ),
      );
      return appendResult(reply);
    },
    async tail(chain) {
      const stored = await callRedis("read audit tail", () => redis.hgetall(tailKey(chain)));
      return stored.seq === undefined || stored.hash === undefined
        ? undefined
        : { seq: Number(stored.seq), hash: stored.hash };
    },
    async list(chain, limit) {
      const lines = await callRedis("read audit chain", () =>
        redis.lrange(recordsKey(chain), 0, limit - 1),
      );
      return lines.map((line) => AuditRecordSchema.parse(JSON.parse(line)));
    },
    async signingKey(candidate) {
      const key = `${prefix}audit:signing-key`;
      return callRedis("read audit signing key", async () => {
        await redis.set(key, candidate, "NX");
        const stored = await redis.get(key);
        if (stored === null) throw new Error("the audit signing key vanished");
        return stored;
      });
    },
  };
}
