import type { IdempotencyIndex } from "../../core/inquiries/ports";

interface Entry {
  inquiryId: string;
  expiresAtMs: number;
  result?: string;
}

/**
 * The idempotency index of a single in-memory node. A claim is a synchronous check-and-set
 * (atomic in one event loop); expired entries are dropped when their key is next touched
 * and, a bounded batch at a time, on every claim, so abandoned keys do not pile up. An
 * attached result lives on the entry, so it expires and is released with it.
 */
export function createMemoryIdempotencyIndex(now: () => number = Date.now): IdempotencyIndex {
  const entries = new Map<string, Entry>();
  const SWEEP_BATCH = 100;
  const entryKey = (userId: string, key: string): string => JSON.stringify([userId, key]);

  function sweep(nowMs: number): void {
    let checked = 0;
    for (const [key, entry] of entries) {
      if (checked++ >= SWEEP_BATCH) return;
      if (entry.expiresAtMs <= nowMs) entries.delete(key);
    }
  }

  function live(userId: string, key: string): Entry | undefined {
    const held = entries.get(entryKey(userId, key));
    return held !== undefined && held.expiresAtMs > now() ? held : undefined;
  }

  return {
    claim(userId, key, inquiryId, ttlMs) {
      const nowMs = now();
      sweep(nowMs);
      const id = entryKey(userId, key);
      const held = entries.get(id);
      if (held !== undefined && held.expiresAtMs > nowMs) return Promise.resolve(held.inquiryId);
      entries.set(id, { inquiryId, expiresAtMs: nowMs + ttlMs });
      return Promise.resolve(inquiryId);
    },
    release(userId, key, inquiryId) {
      const id = entryKey(userId, key);
      if (entries.get(id)?.inquiryId === inquiryId) entries.delete(id);
      return Promise.resolve();
    },
    attachResult(userId, key, inquiryId, result, mode) {
      const held = live(userId, key);
      if (held?.inquiryId !== inquiryId) return Promise.resolve(undefined);
      if (mode === "replace" || held.result === undefined) held.result = result;
      return Promise.resolve(held.result);
    },
    read(userId, key) {
      const held = live(userId, key);
      return Promise.resolve(
        held === undefined ? undefined : { inquiryId: held.inquiryId, result: held.result },
      );
    },
  };
}
