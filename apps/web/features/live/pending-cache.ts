import type { Inquiry } from "@inquiry-hub/protocol";

/**
 * Pure updates of the cached pending list (React Query key `["inquiries","pending"]`).
 * Every update keeps the list free of resolved inquiries and of any id in `withdrawnIds`
 * (an inquiry never returns to pending, so a stale HTTP response or a late event cannot
 * bring a withdrawn card back), without duplicates, oldest first.
 */
export type PendingList = readonly Inquiry[];

function byCreatedAt(left: Inquiry, right: Inquiry): number {
  return left.createdAt.localeCompare(right.createdAt);
}

function isOpen(inquiry: Inquiry, withdrawnIds: ReadonlySet<string>): boolean {
  return inquiry.status === "pending" && !withdrawnIds.has(inquiry.id);
}

/** The list a full snapshot (`inquiry:pending`, `GET /api/inquiries`) stands for. */
export function replacePending(
  snapshot: readonly Inquiry[],
  withdrawnIds: ReadonlySet<string>,
): Inquiry[] {
  const seen = new Set<string>();
  const list: Inquiry[] = [];
  for (const inquiry of snapshot) {
    if (!isOpen(inquiry, withdrawnIds) || seen.has(inquiry.id)) continue;
    seen.add(inquiry.id);
    list.push(inquiry);
  }
  return list.sort(byCreatedAt);
}

/** The list after `inquiry:new`; unchanged when the inquiry is known, resolved or withdrawn. */
export function addPending(
  list: PendingList | undefined,
  inquiry: Inquiry,
  withdrawnIds: ReadonlySet<string>,
): PendingList {
  const current = list ?? [];
  if (!isOpen(inquiry, withdrawnIds) || current.some((known) => known.id === inquiry.id)) {
    return current;
  }
  return [...current, inquiry].sort(byCreatedAt);
}

/** The list after `inquiry:withdrawn`, and the inquiry it removed, if it was there. */
export function removePending(
  list: PendingList | undefined,
  inquiryId: string,
): { list: PendingList; removed: Inquiry | undefined } {
  const current = list ?? [];
  const removed = current.find((inquiry) => inquiry.id === inquiryId);
  return removed === undefined
    ? { list: current, removed }
    : { list: current.filter((inquiry) => inquiry.id !== inquiryId), removed };
}
