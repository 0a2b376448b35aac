import { z } from "zod";
import { MAX_TIMEOUT_SECONDS } from "../config";
import type { TeamApprovalRule } from "../core/approval-routing";

const TeamRefSchema = z.string().trim().min(1).max(80);
const VoterRoleSchema = z.enum(["approver", "owner"]).default("approver");

/** `approvers`: the team (by name or id) a gated call is routed to, and who in it may vote. */
const ApproversSchema = z.strictObject({ team: TeamRefSchema, role: VoterRoleSchema });

/** One `escalate_to` step: another group, offered the call `after_seconds` after it was asked. */
const EscalationSchema = z.strictObject({
  team: TeamRefSchema,
  role: VoterRoleSchema,
  after_seconds: z.number().positive().max(MAX_TIMEOUT_SECONDS),
});

/**
 * The team keys of a tool policy. Each one but `approvers` only makes sense with
 * `approvers`, and escalation steps must come in increasing time; `refineTeamKeys` checks
 * both (and the steps against the policy's own timeout), naming the offending key.
 */
export const TeamPolicyKeys = {
  approvers: ApproversSchema.optional(),
  /** Distinct people who must approve (two devices of one person count once). */
  approvals_required: z.number().int().positive().max(20).optional(),
  /** Whether any eligible reject ends the call at once (default true). */
  reject_ends: z.boolean().optional(),
  /** Whether the requester may approve their own call when they are an approver (default false). */
  self_approval: z.boolean().optional(),
  escalate_to: z.array(EscalationSchema).min(1).max(10).optional(),
};

type RawTeamKeys = z.output<z.ZodObject<typeof TeamPolicyKeys>> & { timeout_seconds?: number };

/** Adds an issue for each misuse of the team keys (see TeamPolicyKeys). */
export function refineTeamKeys(raw: RawTeamKeys, context: z.RefinementCtx): void {
  if (raw.approvers === undefined) {
    const orphan = (
      ["approvals_required", "reject_ends", "self_approval", "escalate_to"] as const
    ).find((key) => raw[key] !== undefined);
    if (orphan !== undefined)
      context.addIssue({ code: "custom", path: [orphan], message: "needs approvers" });
    return;
  }
  const steps = raw.escalate_to ?? [];
  steps.forEach((step, index) => {
    const previous = steps[index - 1];
    if (previous !== undefined && step.after_seconds <= previous.after_seconds)
      context.addIssue({
        code: "custom",
        path: ["escalate_to", index, "after_seconds"],
        message: "must be later than the step before",
      });
    if (raw.timeout_seconds !== undefined && step.after_seconds >= raw.timeout_seconds)
      context.addIssue({
        code: "custom",
        path: ["escalate_to", index, "after_seconds"],
        message: "must be before timeout_seconds",
      });
  });
}

/** The normalized team rule of a policy, or undefined when the call goes to its own user. */
export function teamRuleOf(raw: RawTeamKeys): TeamApprovalRule | undefined {
  if (raw.approvers === undefined) return undefined;
  return {
    approvers: raw.approvers,
    required: raw.approvals_required ?? 1,
    rejectEnds: raw.reject_ends ?? true,
    selfApproval: raw.self_approval ?? false,
    escalateTo: (raw.escalate_to ?? []).map((step) => ({
      team: step.team,
      role: step.role,
      afterSeconds: step.after_seconds,
    })),
  };
}
