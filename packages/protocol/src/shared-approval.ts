import { z } from "zod";

/**
 * How one person takes part in a shared approval: `approver` may vote, `viewer` only sees
 * it. `step` is the escalation step that brought them in (0 = from the start); people of a
 * later step see the approval only once it escalated that far.
 */
export const SharedApprovalMemberSchema = z.object({
  userId: z.string(),
  role: z.enum(["approver", "viewer"]),
  step: z.number().int().nonnegative(),
});
export type SharedApprovalMember = z.infer<typeof SharedApprovalMemberSchema>;

/**
 * The rule of an APPROVAL routed to a team, fixed when the call was gated: the call runs
 * once `required` distinct people approved; a reject by an approver ends it when
 * `rejectEnds`; the requester (the inquiry's owner) may vote only when `selfApproval`.
 *
 * @example
 * { teamId: "…", teamName: "dba", required: 2, rejectEnds: true, selfApproval: false,
 *   audience: [{ userId: "b", role: "approver", step: 0 }, { userId: "e", role: "approver", step: 1 }],
 *   escalateAfterSeconds: [30] }
 */
export const SharedApprovalSchema = z.object({
  teamId: z.string(),
  teamName: z.string(),
  required: z.number().int().positive(),
  rejectEnds: z.boolean(),
  selfApproval: z.boolean(),
  audience: z.array(SharedApprovalMemberSchema),
  /** When step i+1 joins, in seconds after creation, if nobody has voted by then. */
  escalateAfterSeconds: z.array(z.number().positive()),
});
export type SharedApproval = z.infer<typeof SharedApprovalSchema>;

/** One person's vote on a shared approval: who, from which device, what, when. */
export const ApprovalVoteSchema = z.object({
  userId: z.string(),
  deviceId: z.string(),
  decision: z.enum(["approve", "edit", "reject"]),
  at: z.iso.datetime(),
});
export type ApprovalVote = z.infer<typeof ApprovalVoteSchema>;

/** `inquiry:progress`: the votes so far on a shared approval, e.g. "1 of 2 approvals". */
export const InquiryProgressSchema = z.object({
  inquiryId: z.uuid(),
  /** Distinct people who approved so far. */
  approvals: z.number().int().nonnegative(),
  required: z.number().int().positive(),
  voters: z.array(ApprovalVoteSchema),
});
export type InquiryProgress = z.infer<typeof InquiryProgressSchema>;
