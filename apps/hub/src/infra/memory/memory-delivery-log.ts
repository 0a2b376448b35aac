import type { DeliveryAttempt } from "@inquiry-hub/protocol";
import type { DeliveryLog } from "../../core/history-ports";

/** Attempts kept per user; the oldest are dropped first. */
const MAX_ATTEMPTS_PER_USER = 1_000;

/** Delivery attempts of a single-node hub, per user, newest last internally. */
export function createMemoryDeliveryLog(): DeliveryLog {
  const byUser = new Map<string, DeliveryAttempt[]>();

  return {
    append(userId, attempt) {
      const attempts = byUser.get(userId) ?? [];
      attempts.push(structuredClone(attempt));
      if (attempts.length > MAX_ATTEMPTS_PER_USER) attempts.shift();
      byUser.set(userId, attempts);
      return Promise.resolve();
    },

    recent(userId, limit) {
      const attempts = byUser.get(userId) ?? [];
      return Promise.resolve(structuredClone(attempts.slice(-limit).reverse()));
    },
  };
}
