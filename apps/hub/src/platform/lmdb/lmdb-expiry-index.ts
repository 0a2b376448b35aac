import type { Database, Key } from "lmdb";

/** Expired entries one write drops at most, so no single write pays for a long idle spell. */
const SWEEP_BATCH = 100;
/**
 * How often a write looks for expired entries: the range read costs more than the rest of a
 * busy store's write, and readers skip expired records anyway, so sweeping more often only
 * frees disk sooner. A full batch sweeps again at the next write.
 */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * When the records of one embedded store expire. LMDB has no TTL of its own (Redis expires
 * keys itself), so each expiring record gets an entry `[scope, expiresAtMs, id] → id` in the
 * store's `…-expiry` table under a `scope` (one per secret kind, say): key order is deadline
 * order, and `sweep` reads only the expired front of the scope, at most once a second.
 * Readers still compare a record's own deadline with the clock, so the answer never depends
 * on when the next write gets round to sweeping.
 *
 * Every method writes synchronously and belongs inside a `table.transaction` callback, so a
 * record and its deadline never disagree.
 */
export interface ExpiryIndex {
  /** Files `id` under `expiresAtMs`, first dropping the entry of its former deadline if any. */
  schedule(id: string, expiresAtMs: number, formerExpiresAtMs?: number): void;
  /** Drops the entry of `id` filed under `expiresAtMs` (the record left by other means). */
  unschedule(id: string, expiresAtMs: number): void;
  /**
   * Calls `expire` for the oldest ids due at `nowMs` (a bounded batch), then drops them; does
   * nothing within a second of the last sweep unless that one found a full batch.
   */
  sweep(nowMs: number, expire: (id: string) => void): void;
}

export function createExpiryIndex(table: Database<string, Key>, scope: string): ExpiryIndex {
  let nextSweepAt = Number.NEGATIVE_INFINITY;
  return {
    schedule(id, expiresAtMs, formerExpiresAtMs) {
      if (formerExpiresAtMs !== undefined) table.removeSync([scope, formerExpiresAtMs, id]);
      table.putSync([scope, expiresAtMs, id], id);
    },

    unschedule(id, expiresAtMs) {
      table.removeSync([scope, expiresAtMs, id]);
    },

    sweep(nowMs, expire) {
      if (nowMs < nextSweepAt) return;
      const range = { start: [scope], end: [scope, nowMs, "\uffff"], limit: SWEEP_BATCH };
      const due = [...table.getRange(range)];
      nextSweepAt = due.length === SWEEP_BATCH ? nowMs : nowMs + SWEEP_INTERVAL_MS;
      for (const { key, value } of due) {
        expire(value);
        table.removeSync(key);
      }
    },
  };
}
