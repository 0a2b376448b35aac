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
