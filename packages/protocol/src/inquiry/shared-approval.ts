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
 * The team of one escalation step, as the proxy policy named it (by id) when the call was
 * gated. Votes are checked against the team's membership at vote time, so someone removed
 * from it, or demoted below `role`, no longer decides.
 */
export const SharedApprovalGroupSchema = z.object({
  teamId: z.string(),
  /** The team's name when the call was gated: a label for people, never used to find it. */
  teamName: z.string(),
  /** The least team role that may vote: `approver` (owners and approvers) or `owner`. */
  role: z.enum(["approver", "owner"]),
});
export type SharedApprovalGroup = z.infer<typeof SharedApprovalGroupSchema>;

/**
 * The rule of an APPROVAL routed to a team, fixed when the call was gated: the call runs
 * once `required` distinct people approved; a reject by an approver ends it when
 * `rejectEnds`; the requester (the inquiry's owner) may vote only when `selfApproval`.
 * Each audience entry also needs a current membership in `groups[entry.step]` to count.
 *
 * @example
 * { teamId: "…", teamName: "dba", required: 2, rejectEnds: true, selfApproval: false,
 *   groups: [{ teamId: "…", teamName: "dba", role: "approver" }, { teamId: "…", teamName: "oncall", role: "approver" }],
 *   audience: [{ userId: "b", role: "approver", step: 0 }, { userId: "e", role: "approver", step: 1 }],
 *   escalateAfterSeconds: [30] }
 */
export const SharedApprovalSchema = z.object({
  /** The first group's team id (`groups[0].teamId`). */
  teamId: z.string(),
  /** The first group's team name, a label for cards ("team dba"). */
  teamName: z.string(),
  /** One group per step: the `approvers` team, then each `escalate_to` team. */
  groups: z.array(SharedApprovalGroupSchema).min(1),
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
