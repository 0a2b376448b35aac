import type {
  SharedApproval,
  SharedApprovalGroup,
  SharedApprovalMember,
  TeamRole,
} from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import type { TeamMembership } from "./ports";

/** One group a gated call is offered to: a team (by id) and the least role that may vote. */
export interface ApproverGroup {
  teamId: string;
  role: SharedApprovalGroup["role"];
}

/** A proxy policy's team rule, already validated (see proxy-config-schema.ts). */
export interface TeamApprovalRule {
  approvers: ApproverGroup;
  required: number;
  rejectEnds: boolean;
  selfApproval: boolean;
  /** Later groups, each offered the call `afterSeconds` after creation if nobody voted. */
  escalateTo: (ApproverGroup & { afterSeconds: number })[];
}

/** A team by id with its memberships now; undefined when no team has that id. */
export type TeamLookup = (
  teamId: string,
) => Promise<{ team: { id: string; name: string }; members: TeamMembership[] } | undefined>;

const MAY_VOTE: Record<SharedApprovalGroup["role"], ReadonlySet<TeamRole>> = {
  approver: new Set(["owner", "approver"]),
  owner: new Set(["owner"]),
};

/** Whether a member with `memberRole` may vote for a group that asks for `groupRole`. */
export function mayVote(groupRole: SharedApprovalGroup["role"], memberRole: TeamRole): boolean {
  return MAY_VOTE[groupRole].has(memberRole);
}

/** The refusal for a policy naming a team id no team has. */
export function unknownTeamError(teamId: string): HubError {
  return new HubError(
    "NOT_FOUND",
    `approver team ${teamId} does not exist (policies name teams by the id GET /api/teams shows)`,
  );
}

/**
 * Turns a team rule into the `sharedApproval` of a new inquiry: the members of every
 * group, with the step that brings them in and whether they may vote. Teams are found by
 * id only, never by name (anyone may create a team with any name). Membership is read now
 * for the audience; votes are checked again against membership at vote time
 * (shared-approval-standing.ts). Throws NOT_FOUND for an id no team has and CONFLICT when
 * every eligible voter of every step together could not reach `required` distinct
 * approvals, so an impossible rule is refused at once instead of waiting for its timeout.
 */
export async function routeToTeams(
  lookup: TeamLookup,
  rule: TeamApprovalRule,
  requesterId: string,
): Promise<SharedApproval> {
  const audience: SharedApprovalMember[] = [];
  const groups: SharedApprovalGroup[] = [];
  for (const [step, group] of [rule.approvers, ...rule.escalateTo].entries()) {
    const found = await lookup(group.teamId);
    if (found === undefined) throw unknownTeamError(group.teamId);
    groups.push({ teamId: found.team.id, teamName: found.team.name, role: group.role });
    for (const member of found.members) {
      const role = mayVote(group.role, member.role) ? "approver" : "viewer";
      audience.push({ userId: member.userId, role, step });
    }
  }
  const voters = new Set(
    audience
      .filter((member) => member.role === "approver")
      .map((member) => member.userId)
      .filter((userId) => rule.selfApproval || userId !== requesterId),
  );
  const [first] = groups;
  if (first === undefined || voters.size < rule.required) {
    throw new HubError(
      "CONFLICT",
      `approvals_required is ${rule.required} but the approver teams have ${voters.size} eligible people`,
    );
  }
  return {
    teamId: first.teamId,
    teamName: first.teamName,
    groups,
    required: rule.required,
    rejectEnds: rule.rejectEnds,
    selfApproval: rule.selfApproval,
    audience,
    escalateAfterSeconds: rule.escalateTo.map((group) => group.afterSeconds),
  };
}
