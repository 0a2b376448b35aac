import type { DeliveryAttempt, InquiryStatus } from "@inquiry-hub/protocol";

/** One state change of an inquiry, as history shows it (the Redis stream's shape, flattened). */
export interface AuditRecord {
  inquiryId: string;
  userId: string;
  /** `null` for the creation entry. */
  from: InquiryStatus | null;
  to: InquiryStatus;
  /** The device that made the change; `null` when the hub did (creation, timeout, cancel). */
  byDeviceId: string | null;
  /** ISO time of the change as the hub saw it (createdAt or resolvedAt). */
  at: string;
}

/**
 * The read side of the audit trail. Who writes it depends on the store: Redis writes each
 * entry in the same Lua script as the change (so the trail never disagrees with the records);
 * the in-memory version records the bus's events. Either way history only reads.
 */
export interface AuditTrail {
  /** The state changes of one of the user's inquiries, oldest first; empty for unknown ids. */
  forInquiry(userId: string, inquiryId: string): Promise<AuditRecord[]>;
}

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
