import type { DeliveryAttempt } from "@inquiry-hub/protocol";
import { DELIVERY_LOG_LIMIT_PER_USER } from "../ports";
import type { DeliveryLog } from "../ports";
import { keysUnder } from "../../../platform/lmdb/embedded-database";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/**
 * Delivery attempts kept across restarts, so history still shows how a webhook went after
 * one. Table `deliveries` holds `[userId, sequence]` → attempt; the sequence grows per user
 * (`deliveries-sequence` keeps the last one), so key order is append order and "newest first" is a reverse key range. Each append takes
 * the next sequence and trims the user's log to the memory log's bound in one write
 * transaction, so two appends never share a sequence and the log never outgrows its bound.
 */
export function createLmdbDeliveryLog(db: EmbeddedDatabase): DeliveryLog {
  const attempts = db.table<DeliveryAttempt>("deliveries");
  const sequences = db.table<number>("deliveries-sequence");

  /** The user's attempts, newest first, at most `limit`. */
  function newest(userId: string, limit: number) {
    const { start, end } = keysUnder([userId]);
    return attempts.getRange({ start: end, end: start, reverse: true, limit });
  }

  return {
    async append(userId, attempt) {
      await attempts.transaction(() => {
        const sequence = (sequences.get(userId) ?? 0) + 1;
        sequences.putSync(userId, sequence);
        attempts.putSync([userId, sequence], structuredClone(attempt));
        const dropped = attempts.getRange({
          start: [userId],
          end: [userId, sequence - DELIVERY_LOG_LIMIT_PER_USER + 1],
        });
        for (const { key } of [...dropped]) attempts.removeSync(key);
      });
    },

    recent(userId, limit) {
      if (limit <= 0) return Promise.resolve([]);
      return Promise.resolve([...newest(userId, limit)].map(({ value }) => value));
    },
  };
}
