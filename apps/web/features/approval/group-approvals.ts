/** Inbox entries in display order: single cards, or the approvals of one hub batch together. */
export type InboxGroup<Entry> =
  { kind: "single"; entry: Entry } | { kind: "batch"; batchId: string; entries: Entry[] };

/**
 * Groups the entries `batchIdOf` assigns to the same hub batch (approvals that arrived
 * together: one agent run, or one credential within a few seconds) at the position of the
 * batch's first entry; everything else stays single. A batch with one open entry is a single
 * card: there is nothing to decide "all" of.
 *
 * @example groupByBatch(entries, (entry) => entry.inquiry.approval?.batchId)
 */
export function groupByBatch<Entry>(
  entries: readonly Entry[],
  batchIdOf: (entry: Entry) => string | undefined,
): InboxGroup<Entry>[] {
  const batches = new Map<string, Entry[]>();
  for (const entry of entries) {
    const batchId = batchIdOf(entry);
    if (batchId !== undefined) batches.set(batchId, [...(batches.get(batchId) ?? []), entry]);
  }
  const placed = new Set<string>();
  const groups: InboxGroup<Entry>[] = [];
  for (const entry of entries) {
    const batchId = batchIdOf(entry);
    const batch = batchId === undefined ? undefined : batches.get(batchId);
    if (batchId === undefined || batch === undefined || batch.length < 2) {
      groups.push({ kind: "single", entry });
    } else if (!placed.has(batchId)) {
      placed.add(batchId);
      groups.push({ kind: "batch", batchId, entries: batch });
    }
  }
  return groups;
}
