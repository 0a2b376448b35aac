import type { Database, Key } from "lmdb";

/** Expired entries one write drops at most, so no single write pays for a long idle spell. */
const SWEEP_BATCH = 100;

/**
 * When the records of one embedded store expire. LMDB has no TTL of its own (Redis expires
 * keys itself), so each expiring record gets an entry `[scope, expiresAtMs, id] → id` in the
 * store's `…-expiry` table under a `scope` (one per secret kind, say): key order is deadline
 * order, and `sweep` reads only the expired front of the scope. Readers still compare a
 * record's own deadline with the clock, so the answer never depends on when the next write
 * gets round to sweeping.
 *
 * Every method writes synchronously and belongs inside a `table.transaction` callback, so a
 * record and its deadline never disagree.
 */
export interface ExpiryIndex {
  /** Files `id` under `expiresAtMs`, first dropping the entry of its former deadline if any. */
  schedule(id: string, expiresAtMs: number, formerExpiresAtMs?: number): void;
  /** Drops the entry of `id` filed under `expiresAtMs` (the record left by other means). */
  unschedule(id: string, expiresAtMs: number): void;
  /** Calls `expire` for the oldest ids due at `nowMs` (a bounded batch), then drops them. */
  sweep(nowMs: number, expire: (id: string) => void): void;
}

export function createExpiryIndex(table: Database<string, Key>, scope: string): ExpiryIndex {
  return {
    schedule(id, expiresAtMs, formerExpiresAtMs) {
      if (formerExpiresAtMs !== undefined) table.removeSync([scope, formerExpiresAtMs, id]);
      table.putSync([scope, expiresAtMs, id], id);
    },

    unschedule(id, expiresAtMs) {
      table.removeSync([scope, expiresAtMs, id]);
    },

    sweep(nowMs, expire) {
      const range = { start: [scope], end: [scope, nowMs, "\uffff"], limit: SWEEP_BATCH };
      const due = [...table.getRange(range)];
      for (const { key, value } of due) {
        expire(value);
        table.removeSync(key);
      }
    },
  };
}
