import type { DeliveryAttempt } from "@inquiry-hub/protocol";
import { DELIVERY_LOG_LIMIT_PER_USER } from "../ports";
import type { DeliveryLog } from "../ports";

/** Delivery attempts of a single-node hub, per user, newest last internally. */
export function createMemoryDeliveryLog(): DeliveryLog {
  const byUser = new Map<string, DeliveryAttempt[]>();

  return {
    append(userId, attempt) {
      const attempts = byUser.get(userId) ?? [];
      attempts.push(structuredClone(attempt));
      if (attempts.length > DELIVERY_LOG_LIMIT_PER_USER) attempts.shift();
      byUser.set(userId, attempts);
      return Promise.resolve();
    },

    recent(userId, limit) {
      const attempts = limit > 0 ? (byUser.get(userId) ?? []).slice(-limit) : [];
      return Promise.resolve(structuredClone(attempts.reverse()));
    },
  };
}
