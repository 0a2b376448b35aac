import type { BatchDecisionBody, BatchSkipReason, Inquiry } from "@inquiry-hub/protocol";
import type { Message, MessageKey } from "@/lib/i18n/translate";

/** What a group button decides. */
export type BatchAction = BatchDecisionBody["action"];

/** Why a group button leaves an approval to its own card, as the hub would skip it. */
export type OwnDecisionReason = Extract<BatchSkipReason, "team" | "fresh-look" | "not-allowed">;

/**
 * Why `action` for the whole group would not cover this approval: a team decides it, it is
 * high risk (a fresh look, decided only on its card), or its policy does not allow `action`.
 * Undefined when the group button covers it. The hub checks the same again.
 */
export function ownDecisionReason(
  inquiry: Inquiry,
  action: BatchAction,
): OwnDecisionReason | undefined {
  if (inquiry.sharedApproval !== undefined) return "team";
  if (inquiry.approval?.freshLook === true) return "fresh-look";
  if (inquiry.approval?.allowedDecisions.includes(action) !== true) return "not-allowed";
  return undefined;
}

/** The approvals a group `action` names: those the person sees that it covers, in order. */
export function coveredBy(inquiries: readonly Inquiry[], action: BatchAction): Inquiry[] {
  return inquiries.filter((inquiry) => ownDecisionReason(inquiry, action) === undefined);
}

const SKIP_KEYS: Record<BatchSkipReason, MessageKey> = {
  team: "batch.skippedTeam",
  "fresh-look": "batch.skippedFreshLook",
  "not-allowed": "batch.skippedNotAllowed",
  "already-decided": "batch.skippedAlreadyDecided",
  "not-in-batch": "batch.skippedNotInBatch",
};

/**
 * The hub's `skipped` answer in plain words, one sentence per reason with how many it left,
 * in the order of the reasons' table.
 *
 * @example skippedMessages([{ inquiryId, reason: "team" }]) // [{ key: "batch.skippedTeam", params: { count: 1 } }]
 */
export function skippedMessages(
  skipped: readonly { inquiryId: string; reason: BatchSkipReason }[],
): Message[] {
  const counts = new Map<BatchSkipReason, number>();
  for (const { reason } of skipped) counts.set(reason, (counts.get(reason) ?? 0) + 1);
  return (Object.keys(SKIP_KEYS) as BatchSkipReason[])
    .filter((reason) => counts.has(reason))
    .map((reason) => ({ key: SKIP_KEYS[reason], params: { count: counts.get(reason) ?? 0 } }));
}
