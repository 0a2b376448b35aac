import type { RedisClient } from "./redis-client";
import { z } from "zod";
import type { OneTimeSecretStore } from "../../kernel/ports";
import type { AccountKeyLayout } from "./keys";
import { callRedis } from "./redis-errors";

const EnvelopeSchema = z.object({ value: z.unknown(), expiresAtMs: z.number() });

/**
 * Single-use secrets (pairing codes, socket tickets) shared by every node: a code minted on
 * node A can be claimed on node B. Each secret is one key that Redis expires itself
 * (PXAT); `take` is GETDEL, atomic, so of two racing takes exactly one gets the value, on
 * whichever nodes they run. The stored expiry is checked against `now` as well, so the
 * answer does not depend on when Redis gets round to expiring the key.
 *
 * @param kind separates the secret kinds in the key space ("pairing", "ticket").
 * @param schema validates what comes back, since values are JSON in Redis.
 */
export function createRedisOneTimeSecretStore<Value>(
  redis: RedisClient,
  keys: AccountKeyLayout,
  kind: string,
  schema: z.ZodType<Value>,
): OneTimeSecretStore<Value> {
  return {
    async put(secretHash, value, expiresAt) {
      const stored = JSON.stringify({ value, expiresAtMs: expiresAt.getTime() });
      await callRedis(`save ${kind} secret`, () =>
        redis.set(keys.secret(kind, secretHash), stored, "PXAT", expiresAt.getTime()),
      );
    },

    async take(secretHash, now) {
      const stored = await callRedis(`take ${kind} secret`, () =>
        redis.getdel(keys.secret(kind, secretHash)),
      );
      if (stored === null) return undefined;
      const { value, expiresAtMs } = EnvelopeSchema.parse(JSON.parse(stored));
      if (expiresAtMs <= now.getTime()) return undefined;
      return schema.parse(value);
    },

    async peek(secretHash, now) {
      const stored = await callRedis(`read ${kind} secret`, () =>
        redis.get(keys.secret(kind, secretHash)),
      );
      if (stored === null) return undefined;
      const { value, expiresAtMs } = EnvelopeSchema.parse(JSON.parse(stored));
      if (expiresAtMs <= now.getTime()) return undefined;
      return schema.parse(value);
    },
  };
}
