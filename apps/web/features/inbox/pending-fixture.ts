import type { Inquiry } from "@inquiry-hub/protocol";

let counter = 0;

/**
 * A pending inquiry for the pending-list tests: each call gets a new id and a later
 * `createdAt` (within one minute), so tests can tell cards apart and order them.
 */
export function pendingInquiry(overrides: Partial<Inquiry> = {}): Inquiry {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    userId: "u-1",
    type: "INQUIRY",
    question: `Question ${counter}?`,
    options: [],
    createdAt: `2025-01-01T00:00:${String(counter % 60).padStart(2, "0")}.000Z`,
    expiresAt: "2025-01-01T01:00:00.000Z",
    status: "pending",
    resolution: null,
    ...overrides,
  };
}
