/** Ids remembered at most; the oldest is forgotten first, and its next read parses again. */
const OWN_RECORDS_LIMIT = 10_000;

/**
 * The inquiry records this process committed itself, so reading one back can skip the zod
 * parse that guards against corrupted or foreign values (left by an earlier run or another
 * version). A record counts as this process's own once a write of it committed: the embedded
 * store is one node's, and this process its only writer, so every later version of that
 * record is its own as well. An id written but not committed yet (or whose commit failed) is
 * not counted, since the disk may still hold a foreign version.
 */
export interface OwnRecords {
  /** Counts `id` as this process's own; call once a write of it committed. */
  committed(id: string): void;
  /** Whether the stored version of `id` is one this process wrote. */
  has(id: string): boolean;
}

export function createOwnRecords(): OwnRecords {
  const ids = new Set<string>();
  return {
    committed(id) {
      if (ids.has(id)) return;
      ids.add(id);
      if (ids.size <= OWN_RECORDS_LIMIT) return;
      const oldest = ids.values().next();
      if (oldest.done !== true) ids.delete(oldest.value);
    },
    has: (id) => ids.has(id),
  };
}
