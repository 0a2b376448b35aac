import type { Inquiry } from "@inquiry-hub/protocol";
import type { AuditRecord } from "./audit-trail";

/** The audit entry of an inquiry's creation (by the hub, at `createdAt`). */
export function creationRecord(inquiry: Inquiry): AuditRecord {
  return {
    inquiryId: inquiry.id,
    userId: inquiry.userId,
    from: null,
    to: inquiry.status,
    byDeviceId: null,
    at: inquiry.createdAt,
  };
}

/**
 * The audit entry of a resolved inquiry leaving `pending`: by the answering device, or by the
 * hub (timeout, cancel) when the resolution names none.
 */
export function resolutionRecord(inquiry: Inquiry): AuditRecord {
  return {
    inquiryId: inquiry.id,
    userId: inquiry.userId,
    from: "pending",
    to: inquiry.status,
    byDeviceId: inquiry.resolution?.byDeviceId ?? null,
    at: inquiry.resolution?.resolvedAt ?? new Date().toISOString(),
  };
}
