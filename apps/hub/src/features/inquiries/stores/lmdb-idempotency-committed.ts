/** Expired entries one sweep hands out at most, so no single claim pays for a long idle spell. */
const SWEEP_BATCH = 100;
/** How often a claim looks for expired entries; a full batch looks again at the next claim. */
const SWEEP_INTERVAL_MS = 1_000;

/** What the index keeps in memory of an entry on disk; an attached result stays on disk. */
export interface CommittedEntry {
  inquiryId: string;
  expiresAtMs: number;
  hasResult: boolean;
}

/** A write of one transaction: the entry under `key` (JSON `id`) is now `entry`, or gone. */
export interface EntryChange<Key> {
  id: string;
  key: Key;
  entry: CommittedEntry | undefined;
}

/**
 * The embedded idempotency index's table as of its last commit, in memory. The index is the
 * only writer of its table, and the table holds few entries (each is released when its
 * inquiry resolves, and lives minutes otherwise), so it is read once when the index opens and
 * then follows the commits: reads outside a transaction (is the key held, by whom, until
 * when) need no disk read, and finding the expired entries needs no second table of
 * deadlines written beside each entry. Entries are filed by the JSON of their table key.
 */
export interface CommittedEntries<Key> {
  /** The committed entry filed under `id`, if any. */
  get(id: string): CommittedEntry | undefined;
  /** Applies the writes of a transaction once it committed, in the order it made them. */
  apply(changes: readonly EntryChange<Key>[]): void;
  /**
   * The keys of entries due at `nowMs` (a bounded batch) for a sweep to remove; none within a
   * second of the last sweep unless that one found a full batch.
   */
  due(nowMs: number): Key[];
  /** Reads the table again: after a failed transaction, whose writes may be partly on disk. */
  reload(): void;
}

/** Builds the map from `load`, which reads the table's entries as `[table key, entry]`. */
export function loadCommittedEntries<Key>(
  load: () => Iterable<readonly [Key, CommittedEntry]>,
): CommittedEntries<Key> {
  const entries = new Map<string, { key: Key; entry: CommittedEntry }>();
  const reload = (): void => {
    entries.clear();
    for (const [key, entry] of load()) entries.set(JSON.stringify(key), { key, entry });
  };
  reload();
  let nextSweepAt = Number.NEGATIVE_INFINITY;

  return {
    get: (id) => entries.get(id)?.entry,

    apply(changes) {
      for (const { id, key, entry } of changes) {
        if (entry === undefined) entries.delete(id);
        else entries.set(id, { key, entry });
      }
    },

    due(nowMs) {
      if (nowMs < nextSweepAt) return [];
      const due: Key[] = [];
      for (const { key, entry } of entries.values()) {
        if (entry.expiresAtMs > nowMs) continue;
        due.push(key);
        if (due.length === SWEEP_BATCH) break;
      }
      nextSweepAt = due.length === SWEEP_BATCH ? nowMs : nowMs + SWEEP_INTERVAL_MS;
      return due;
    },

    reload,
  };
}
