import { z } from "zod";
import type { IdempotencyIndex, IdempotencyScope } from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";
import { createExpiryIndex } from "../../../platform/lmdb/lmdb-expiry-index";

const EntrySchema = z.object({
  inquiryId: z.string().min(1),
  expiresAtMs: z.number(),
  result: z.string().optional(),
});
type Entry = z.infer<typeof EntrySchema>;

/**
 * A stored entry's table key: `[userId, credentialId, key]`, or `[userId, key]` for an entry
 * written before keys were scoped by credential. Those are never read again, only swept once
 * they expire, so a key of one agent cannot land on another agent's inquiry after an upgrade.
 */
const StoredKeySchema = z.union([
  z.tuple([z.string(), z.string(), z.string()]),
  z.tuple([z.string(), z.string()]),
]);
type StoredKey = z.infer<typeof StoredKeySchema>;

const storedKeyOf = (scope: IdempotencyScope, key: string): StoredKey => [
  scope.userId,
  scope.credentialId,
  key,
];

/**
 * The idempotency index on disk, so an agent that repeats its call after a hub restart still
 * lands on the inquiry it opened before. Table `idempotency` holds `[userId, credentialId,
 * key]` → entry; a claim reads and writes in one write transaction, so of two racing claims
 * one wins. Expired entries are swept (bounded) on every claim through `idempotency-expiry`,
 * whose ids are the JSON of the entry's table key. An attached result is a field of the entry,
 * written in the same kind of transaction, so it expires and is released with the key.
 */
export function createLmdbIdempotencyIndex(
  db: EmbeddedDatabase,
  now: () => number = Date.now,
): IdempotencyIndex {
  const table = db.table<Entry>("idempotency");
  const expiries = createExpiryIndex(db.table<string>("idempotency-expiry"), "key");
  const readStored = (stored: StoredKey): Entry | undefined => {
    const parsed = EntrySchema.safeParse(table.get(stored));
    return parsed.success ? parsed.data : undefined;
  };
  const read = (scope: IdempotencyScope, key: string) => readStored(storedKeyOf(scope, key));

  return {
    claim(scope, key, inquiryId, ttlMs) {
      return table.transaction(() => {
        const nowMs = now();
        expiries.sweep(nowMs, (id) => {
          const expired = StoredKeySchema.parse(JSON.parse(id));
          const entry = readStored(expired);
          if (entry !== undefined && entry.expiresAtMs <= nowMs) table.removeSync(expired);
        });
        const stored = storedKeyOf(scope, key);
        const held = readStored(stored);
        if (held !== undefined && held.expiresAtMs > nowMs) return held.inquiryId;
        const expiresAtMs = nowMs + ttlMs;
        table.putSync(stored, { inquiryId, expiresAtMs });
        expiries.schedule(JSON.stringify(stored), expiresAtMs, held?.expiresAtMs);
        return inquiryId;
      });
    },
    attachResult(scope, key, inquiryId, result, mode) {
      return table.transaction(() => {
        const held = read(scope, key);
        if (held?.inquiryId !== inquiryId || held.expiresAtMs <= now()) return undefined;
        if (mode === "if-absent" && held.result !== undefined) return held.result;
        table.putSync(storedKeyOf(scope, key), { ...held, result });
        return result;
      });
    },
    read(scope, key) {
      const held = read(scope, key);
      if (held === undefined || held.expiresAtMs <= now()) return Promise.resolve(undefined);
      return Promise.resolve({ inquiryId: held.inquiryId, result: held.result });
    },
    async release(scope, key, inquiryId) {
      await table.transaction(() => {
        const stored = storedKeyOf(scope, key);
        const held = readStored(stored);
        if (held?.inquiryId !== inquiryId) return;
        table.removeSync(stored);
        expiries.unschedule(JSON.stringify(stored), held.expiresAtMs);
      });
    },
  };
}
