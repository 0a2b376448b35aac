import { z } from "zod";
import type { IdempotencyIndex } from "../../core/inquiries/ports";
import type { EmbeddedDatabase } from "./embedded-database";
import { createExpiryIndex } from "./lmdb-expiry-index";

const EntrySchema = z.object({
  inquiryId: z.string().min(1),
  expiresAtMs: z.number(),
  result: z.string().optional(),
});
type Entry = z.infer<typeof EntrySchema>;

/**
 * The idempotency index on disk, so an agent that repeats its call after a hub restart still
 * lands on the inquiry it opened before. Table `idempotency` holds `[userId, key]` → entry;
 * a claim reads and writes in one write transaction, so of two racing claims one wins.
 * Expired entries are swept (bounded) on every claim through `idempotency-expiry`, whose ids
 * are the JSON of `[userId, key]`. An attached result is a field of the entry, written in the
 * same kind of transaction, so it expires and is released with the key.
 */
export function createLmdbIdempotencyIndex(
  db: EmbeddedDatabase,
  now: () => number = Date.now,
): IdempotencyIndex {
  const table = db.table<Entry>("idempotency");
  const expiries = createExpiryIndex(db.table<string>("idempotency-expiry"), "key");
  const read = (userId: string, key: string): Entry | undefined => {
    const parsed = EntrySchema.safeParse(table.get([userId, key]));
    return parsed.success ? parsed.data : undefined;
  };

  return {
    claim(userId, key, inquiryId, ttlMs) {
      return table.transaction(() => {
        const nowMs = now();
        expiries.sweep(nowMs, (id) => {
          const [owner, expiredKey] = z.tuple([z.string(), z.string()]).parse(JSON.parse(id));
          const entry = read(owner, expiredKey);
          if (entry !== undefined && entry.expiresAtMs <= nowMs)
            table.removeSync([owner, expiredKey]);
        });
        const held = read(userId, key);
        if (held !== undefined && held.expiresAtMs > nowMs) return held.inquiryId;
        const expiresAtMs = nowMs + ttlMs;
        table.putSync([userId, key], { inquiryId, expiresAtMs });
        expiries.schedule(JSON.stringify([userId, key]), expiresAtMs, held?.expiresAtMs);
        return inquiryId;
      });
    },
    attachResult(userId, key, inquiryId, result, mode) {
      return table.transaction(() => {
        const held = read(userId, key);
        if (held?.inquiryId !== inquiryId || held.expiresAtMs <= now()) return undefined;
        if (mode === "if-absent" && held.result !== undefined) return held.result;
        table.putSync([userId, key], { ...held, result });
        return result;
      });
    },
    read(userId, key) {
      const held = read(userId, key);
      if (held === undefined || held.expiresAtMs <= now()) return Promise.resolve(undefined);
      return Promise.resolve({ inquiryId: held.inquiryId, result: held.result });
    },
    async release(userId, key, inquiryId) {
      await table.transaction(() => {
        const held = read(userId, key);
        if (held?.inquiryId !== inquiryId) return;
        table.removeSync([userId, key]);
        expiries.unschedule(JSON.stringify([userId, key]), held.expiresAtMs);
      });
    },
  };
}
