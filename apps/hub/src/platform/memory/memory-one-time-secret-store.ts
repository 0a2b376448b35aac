import type { OneTimeSecretStore } from "../../kernel/ports";

/**
 * In-memory single-use secrets. `take` deletes before returning, without an await in
 * between, so concurrent takes of one secret see it at most once. Expired entries are swept
 * on every `put`, so abandoned codes do not pile up.
 */
export function createMemoryOneTimeSecretStore<Value>(): OneTimeSecretStore<Value> {
  const entries = new Map<string, { value: Value; expiresAtMs: number }>();

  return {
    put(secretHash, value, expiresAt) {
      const nowMs = Date.now();
      for (const [hash, entry] of entries) if (entry.expiresAtMs <= nowMs) entries.delete(hash);
      entries.set(secretHash, { value, expiresAtMs: expiresAt.getTime() });
      return Promise.resolve();
    },

    take(secretHash, now) {
      const entry = entries.get(secretHash);
      entries.delete(secretHash);
      if (entry === undefined || entry.expiresAtMs <= now.getTime())
        return Promise.resolve(undefined);
      return Promise.resolve(entry.value);
    },

    peek(secretHash, now) {
      const entry = entries.get(secretHash);
      if (entry === undefined || entry.expiresAtMs <= now.getTime())
        return Promise.resolve(undefined);
      return Promise.resolve(entry.value);
    },
  };
}
