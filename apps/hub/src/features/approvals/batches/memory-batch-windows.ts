import type { BatchWindows } from "./ports";

/** Lapsed windows one join drops at most, so no single call pays for a long idle spell. */
const SWEEP_BATCH = 100;

/**
 * The batch windows of one process (the memory and the embedded stores: one node). A join is a
 * synchronous check-and-set, atomic in one event loop; lapsed windows are dropped a bounded
 * batch at a time on every join, so the map holds little more than the open ones.
 */
export function createMemoryBatchWindows(now: () => number = Date.now): BatchWindows {
  const open = new Map<string, { batchId: string; endsAtMs: number }>();

  return {
    join(scope, candidate, windowMs) {
      const nowMs = now();
      let checked = 0;
      for (const [key, window] of open) {
        if (checked++ >= SWEEP_BATCH) break;
        if (window.endsAtMs <= nowMs) open.delete(key);
      }
      const current = open.get(scope);
      const batchId =
        current !== undefined && current.endsAtMs > nowMs ? current.batchId : candidate;
      open.set(scope, { batchId, endsAtMs: nowMs + windowMs });
      return Promise.resolve(batchId);
    },
  };
}
