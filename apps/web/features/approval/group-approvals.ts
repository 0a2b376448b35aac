/** Inbox entries in display order: single cards, or the approvals of one agent run together. */
export type InboxGroup<Entry> =
  { kind: "single"; entry: Entry } | { kind: "run"; runId: string; entries: Entry[] };

/**
 * Groups the entries `runIdOf` assigns to the same agent run (parallel tool calls waiting
 * for approval) at the position of the run's first entry; everything else stays single. A
 * run with one entry is a single card: there is nothing to approve "all" of.
 *
 * @example groupByRun(entries, (entry) => entry.inquiry.approval?.runId)
 */
export function groupByRun<Entry>(
  entries: readonly Entry[],
  runIdOf: (entry: Entry) => string | undefined,
): InboxGroup<Entry>[] {
  const runs = new Map<string, Entry[]>();
  for (const entry of entries) {
    const runId = runIdOf(entry);
    if (runId !== undefined) runs.set(runId, [...(runs.get(runId) ?? []), entry]);
  }
  const placed = new Set<string>();
  const groups: InboxGroup<Entry>[] = [];
  for (const entry of entries) {
    const runId = runIdOf(entry);
    const run = runId === undefined ? undefined : runs.get(runId);
    if (runId === undefined || run === undefined || run.length < 2) {
      groups.push({ kind: "single", entry });
    } else if (!placed.has(runId)) {
      placed.add(runId);
      groups.push({ kind: "run", runId, entries: run });
    }
  }
  return groups;
}
