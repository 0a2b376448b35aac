import { randomUUID } from "node:crypto";
import type { Inquiry } from "@inquiry-hub/protocol";
import { openInquiry } from "../../src/features/inquiries/inquiry-machine";

/**
 * A pending yes/no INQUIRY of `userId` with a fresh id, created at `createdAt` (default now)
 * and expiring `expiresInMs` after it.
 */
export function openTestInquiry(
  userId: string,
  expiresInMs: number,
  createdAt = new Date(),
): Inquiry {
  return openInquiry({
    id: randomUUID(),
    userId,
    type: "INQUIRY",
    question: "Ship it?",
    options: [],
    createdAt,
    expiresAt: new Date(createdAt.getTime() + expiresInMs),
  });
}

/**
 * The audit entries `inquiry` of `userId` should have, oldest first: its creation, then the
 * one resolution that won (`byDeviceId` and `at` as read from the stored record).
 */
export function expectedAuditEntries(
  inquiry: Inquiry,
  userId: string,
  resolution: { to: string; byDeviceId: string | undefined; at: string | undefined },
): Record<string, unknown>[] {
  return [
    {
      inquiryId: inquiry.id,
      userId,
      from: null,
      to: "pending",
      byDeviceId: null,
      at: inquiry.createdAt,
    },
    { inquiryId: inquiry.id, userId, from: "pending", ...resolution },
  ];
}
