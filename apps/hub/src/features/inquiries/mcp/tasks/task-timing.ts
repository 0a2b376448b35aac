import type { Inquiry } from "@inquiry-hub/protocol";

/** How often a client should poll `tasks/get` while a person has not answered yet. */
export const TASK_POLL_INTERVAL_MS = 2000;

/**
 * The task's `ttlMs` (from `createdAt`): as long as the inquiry itself can stay pending,
 * i.e. until its deadline. A client may give up on the task after that; the hub keeps the
 * final inquiry for its history TTL, so a late `tasks/get` usually still finds the result.
 */
export function taskTtlMs(inquiry: Inquiry): number {
  return Math.max(0, Date.parse(inquiry.expiresAt) - Date.parse(inquiry.createdAt));
}

/** When the task last changed: its resolution, or its creation while pending. */
export function taskLastUpdatedAt(inquiry: Inquiry): string {
  return inquiry.resolution?.resolvedAt ?? inquiry.createdAt;
}
