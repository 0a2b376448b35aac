import type { InquiryStatus } from "@inquiry-hub/protocol";
import type { InquiryEvent } from "./ports";

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
  /**
   * Records the change an event announces: present only on a trail that learns changes from
   * the event bus (the memory one), which the composition root then feeds.
   */
  record?(event: InquiryEvent): void;
}
