import type { IdempotencyIndex, IdempotencyScope } from "../ports";

interface Entry {
  inquiryId: string;
  expiresAtMs: number;
  result?: string;
}

/**
 * The idempotency index of a single in-memory node, keyed by user, credential and key. A claim is a synchronous check-and-set
 * (atomic in one event loop); expired entries are dropped when their key is next touched
 * and, a bounded batch at a time, on every claim, so abandoned keys do not pile up. An
 * attached result lives on the entry, so it expires and is released with it.
 */
export function createMemoryIdempotencyIndex(now: () => number = Date.now): IdempotencyIndex {
  const entries = new Map<string, Entry>();
  const SWEEP_BATCH = 100;
  const entryKey = (scope: IdempotencyScope, key: string): string =>
    JSON.stringify([scope.userId, scope.credentialId, key]);

  function sweep(nowMs: number): void {
    let checked = 0;
    for (const [key, entry] of entries) {
      if (checked++ >= SWEEP_BATCH) return;
      if (entry.expiresAtMs <= nowMs) entries.delete(key);
    }
  }

  function live(scope: IdempotencyScope, key: string): Entry | undefined {
    const held = entries.get(entryKey(scope, key));
    return held !== undefined && held.expiresAtMs > now() ? held : undefined;
  }

  return {
    claim(scope, key, inquiryId, ttlMs) {
      const nowMs = now();
      sweep(nowMs);
      const id = entryKey(scope, key);
      const held = entries.get(id);
      if (held !== undefined && held.expiresAtMs > nowMs) return Promise.resolve(held.inquiryId);
      entries.set(id, { inquiryId, expiresAtMs: nowMs + ttlMs });
      return Promise.resolve(inquiryId);
    },
    release(scope, key, inquiryId) {
      const id = entryKey(scope, key);
      if (entries.get(id)?.inquiryId === inquiryId) entries.delete(id);
      return Promise.resolve();
    },
    attachResult(scope, key, inquiryId, result, mode) {
      const held = live(scope, key);
      if (held?.inquiryId !== inquiryId) return Promise.resolve(undefined);
      if (mode === "replace" || held.result === undefined) held.result = result;
      return Promise.resolve(held.result);
    },
    read(scope, key) {
      const held = live(scope, key);
      return Promise.resolve(
        held === undefined ? undefined : { inquiryId: held.inquiryId, result: held.result },
      );
    },
  };
}
