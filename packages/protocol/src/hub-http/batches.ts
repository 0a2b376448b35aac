import { z } from "zod";

/** Most approvals one batch decision names. */
export const MAX_BATCH_ITEMS = 50;

/**
 * Body of `POST /api/approval-batches/:batchId/decide`: one decision for the approvals the
 * person saw in the group (listed, so one that arrived after they looked is never swept along).
 * Only a person's credential may send it.
 *
 * @example { action: "approve", inquiryIds: ["…", "…"] }
 * @example { action: "reject", inquiryIds: ["…"], reason: "not today" }
 */
export const BatchDecisionBodySchema = z.strictObject({
  action: z.enum(["approve", "reject"]),
  inquiryIds: z.array(z.uuid()).min(1).max(MAX_BATCH_ITEMS),
  reason: z.string().trim().min(1).max(2000).optional(),
});
export type BatchDecisionBody = z.infer<typeof BatchDecisionBodySchema>;

/**
 * Why a listed approval was left out of a group decision: it is a team's to decide, its policy
 * does not allow that decision, it is high risk (decided only on its own), it was already
 * decided, or it is not a pending approval of this batch.
 */
export const BatchSkipReasonSchema = z.enum([
  "team",
  "not-allowed",
  "fresh-look",
  "already-decided",
  "not-in-batch",
]);
export type BatchSkipReason = z.infer<typeof BatchSkipReasonSchema>;

/** The answer of a group decision: what it decided, and what it left for a decision of its own. */
export const BatchDecisionResultSchema = z.object({
  batchId: z.string(),
  decided: z.array(z.object({ inquiryId: z.uuid(), status: z.string() })),
  skipped: z.array(z.object({ inquiryId: z.uuid(), reason: BatchSkipReasonSchema })),
});
export type BatchDecisionResult = z.infer<typeof BatchDecisionResultSchema>;
