import type { SharedApproval, SharedApprovalMember, TeamRole } from "@inquiry-hub/protocol";
import { HubError } from "./errors";
import type { TeamService } from "./team-service";

/** One group a gated call is offered to: a team (by id or name) and the least role that may vote. */
export interface ApproverGroup {
  team: string;
  role: "approver" | "owner";
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

const MAY_VOTE: Record<ApproverGroup["role"], ReadonlySet<TeamRole>> = {
  approver: new Set(["owner", "approver"]),
  owner: new Set(["owner"]),
};

/**
 * Turns a team rule into the `sharedApproval` of a new inquiry: the members of every
 * group, with the step that brings them in and whether they may vote. Teams are looked up
 * now, so membership is fixed for the life of the call. Throws NOT_FOUND for a team that
 * does not exist and CONFLICT when every eligible voter of every step together could not
 * reach `required` distinct approvals, so an impossible rule is refused at once
 * instead of waiting for its timeout.
 */
export async function routeToTeams(
  teams: TeamService,
  rule: TeamApprovalRule,
  requesterId: string,
): Promise<SharedApproval> {
  const groups = [rule.approvers, ...rule.escalateTo];
  const audience: SharedApprovalMember[] = [];
  let first: { id: string; name: string } | undefined;
  for (const [step, group] of groups.entries()) {
    const found = await teams.resolve(group.team);
    if (found === undefined)
      throw new HubError("NOT_FOUND", `approver team ${JSON.stringify(group.team)} does not exist`);
    first ??= found.team;
    for (const member of found.members) {
      const role = MAY_VOTE[group.role].has(member.role) ? "approver" : "viewer";
      audience.push({ userId: member.userId, role, step });
    }
  }
  const voters = new Set(
    audience
      .filter((member) => member.role === "approver")
      .map((member) => member.userId)
      .filter((userId) => rule.selfApproval || userId !== requesterId),
  );
  if (first === undefined || voters.size < rule.required) {
    throw new HubError(
      "CONFLICT",
      `approvals_required is ${rule.required} but the approver teams have ${voters.size} eligible people`,
    );
  }
  return {
    teamId: first.id,
    teamName: first.name,
    required: rule.required,
    rejectEnds: rule.rejectEnds,
    selfApproval: rule.selfApproval,
    audience,
    escalateAfterSeconds: rule.escalateTo.map((group) => group.afterSeconds),
  };
}
