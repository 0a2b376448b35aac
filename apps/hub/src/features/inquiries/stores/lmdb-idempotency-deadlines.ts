/** Expired entries one sweep hands out at most, so no single claim pays for a long idle spell. */
const SWEEP_BATCH = 100;
/** How often a claim looks for expired entries; a full batch looks again at the next claim. */
const SWEEP_INTERVAL_MS = 1_000;

/**
 * When the entries of the embedded idempotency index expire, kept in memory: the index is the
 * only writer of its table, and the table holds few entries (each is released when its
 * inquiry resolves, and lives minutes otherwise), so the deadlines are read from the table
 * once when the index opens, and a claim need not write a second table (an `…-expiry` index
 * of deadlines on disk) beside each entry. Entries are filed by the JSON of their table key.
 *
 * The map follows the writes as their transactions run; a write whose commit then fails may
 * leave an entry on disk that the map forgot, swept only after the next start. Readers compare
 * each entry's own deadline with the clock, so such an entry is never taken for a live one.
 */
export interface IdempotencyDeadlines<Key> {
  /** Files `key` (its JSON `id`) under `expiresAtMs`, replacing any former deadline. */
  schedule(id: string, key: Key, expiresAtMs: number): void;
  /** Forgets the deadline of `id` (the entry left by other means). */
  unschedule(id: string): void;
  /**
   * Calls `expire` for entries due at `nowMs` (a bounded batch) and forgets them; does nothing
   * within a second of the last sweep unless that one found a full batch.
   */
  sweep(nowMs: number, expire: (key: Key) => void): void;
}

/** Builds the map from the entries on disk, as `[table key, deadline]` pairs. */
export function loadIdempotencyDeadlines<Key>(
  stored: Iterable<readonly [Key, number]>,
): IdempotencyDeadlines<Key> {
  const deadlines = new Map<string, { key: Key; expiresAtMs: number }>();
  for (const [key, expiresAtMs] of stored) deadlines.set(JSON.stringify(key), { key, expiresAtMs });
  let nextSweepAt = Number.NEGATIVE_INFINITY;

  return {
    schedule(id, key, expiresAtMs) {
      deadlines.set(id, { key, expiresAtMs });
    },

    unschedule(id) {
      deadlines.delete(id);
    },

    sweep(nowMs, expire) {
      if (nowMs < nextSweepAt) return;
      const due: string[] = [];
      for (const [id, { expiresAtMs }] of deadlines) {
        if (expiresAtMs > nowMs) continue;
        due.push(id);
        if (due.length === SWEEP_BATCH) break;
      }
      nextSweepAt = due.length === SWEEP_BATCH ? nowMs : nowMs + SWEEP_INTERVAL_MS;
      for (const id of due) {
        const deadline = deadlines.get(id);
        deadlines.delete(id);
        if (deadline !== undefined) expire(deadline.key);
      }
    },
  };
}
