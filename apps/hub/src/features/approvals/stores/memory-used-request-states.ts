import type { UsedRequestStates } from "../ports";

/** Expired marks one consume drops at most, so no single call pays for a long idle spell. */
const SWEEP_BATCH = 100;

/**
 * Used request states of a single in-memory node: a consume is a synchronous check-and-set
 * (atomic in one event loop). Expired marks are dropped, a bounded batch at a time, on every
 * consume, so the map holds little more than the states still within their TTL.
 */
export function createMemoryUsedRequestStates(now: () => number = Date.now): UsedRequestStates {
  const marks = new Map<string, number>();

  return {
    consume(stateId, ttlMs) {
      const nowMs = now();
      let checked = 0;
      for (const [id, expiresAtMs] of marks) {
        if (checked++ >= SWEEP_BATCH) break;
        if (expiresAtMs <= nowMs) marks.delete(id);
      }
      const held = marks.get(stateId);
      if (held !== undefined && held > nowMs) return Promise.resolve(false);
      marks.set(stateId, nowMs + ttlMs);
      return Promise.resolve(true);
    },
  };
}
