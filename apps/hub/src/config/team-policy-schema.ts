import { z } from "zod";
import type { TeamApprovalRule } from "../features/teams/approval-routing";
import { MAX_TIMEOUT_SECONDS } from "../kernel/timeout-limits";

/**
 * A team id, as `GET /api/teams` shows it. Never a name: names are labels anyone may give a
 * new team, so a policy naming one would hand its approvals to whoever creates it first.
 */
const TeamIdSchema = z.uuid({ error: "must be a team id (the id GET /api/teams shows)" });
const VoterRoleSchema = z.enum(["approver", "owner"]).default("approver");

/** Names the fix for a config still written with `team` (a name) instead of `team_id`. */
const teamKeyError: z.core.$ZodErrorMap = (issue) =>
  issue.code === "unrecognized_keys" && issue.keys.includes("team")
    ? "teams are named by id: use team_id (the id GET /api/teams shows), not team"
    : undefined;

/** `approvers`: the team (by id) a gated call is routed to, and who in it may vote. */
const ApproversSchema = z.strictObject(
  { team_id: TeamIdSchema, role: VoterRoleSchema },
  { error: teamKeyError },
);

/** One `escalate_to` step: another group, offered the call `after_seconds` after it was asked. */
const EscalationSchema = z.strictObject(
  {
    team_id: TeamIdSchema,
    role: VoterRoleSchema,
    after_seconds: z.number().positive().max(MAX_TIMEOUT_SECONDS),
  },
  { error: teamKeyError },
);

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
    approvers: { teamId: raw.approvers.team_id, role: raw.approvers.role },
    required: raw.approvals_required ?? 1,
    rejectEnds: raw.reject_ends ?? true,
    selfApproval: raw.self_approval ?? false,
    escalateTo: (raw.escalate_to ?? []).map((step) => ({
      teamId: step.team_id,
      role: step.role,
      afterSeconds: step.after_seconds,
    })),
  };
}
