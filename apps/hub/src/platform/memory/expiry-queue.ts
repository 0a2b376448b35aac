/**
 * Ids that expire a fixed `ttlMs` after their last touch, kept in touch order (a Map keeps
 * insertion order; a touch moves the id to the end). With one TTL for all, touch order is
 * expiry order, so `sweep` stops at the first live id: each expired id costs O(1), and a
 * sweep on every call of a memory store keeps it at what the Redis version would still hold.
 */
export interface ExpiryQueue {
  /** (Re)starts the id's lifetime from now. */
  touch(id: string): void;
  /** Stops tracking the id (it left by other means). */
  forget(id: string): void;
  /** Calls `expire` for every id whose lifetime has ended, oldest first, and drops them. */
  sweep(expire: (id: string) => void): void;
}

export function createExpiryQueue(ttlMs: number, now: () => number = Date.now): ExpiryQueue {
  const deadlines = new Map<string, number>();

  return {
    touch(id) {
      deadlines.delete(id);
      deadlines.set(id, now() + ttlMs);
    },

    forget(id) {
      deadlines.delete(id);
    },

    sweep(expire) {
      const current = now();
      for (const [id, deadline] of deadlines) {
        if (deadline > current) return;
        deadlines.delete(id);
        expire(id);
      }
    },
  };
}
