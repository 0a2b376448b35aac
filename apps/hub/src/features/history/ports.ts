import type { DeliveryAttempt } from "@inquiry-hub/protocol";

/** Delivery attempts kept per user by every DeliveryLog; the oldest are dropped first. */
export const DELIVERY_LOG_LIMIT_PER_USER = 1_000;

/**
 * Delivery attempts to outside channels (webhooks), kept so failures show in history.
 * Bounded per user by the implementation (oldest dropped), like the audit trail's TTL.
 */
export interface DeliveryLog {
  append(userId: string, attempt: DeliveryAttempt): Promise<void>;
  /** The user's most recent attempts, newest first, at most `limit`. */
  recent(userId: string, limit: number): Promise<DeliveryAttempt[]>;
}
