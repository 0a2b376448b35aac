import type { Inquiry, SharedApprovalMember } from "@inquiry-hub/protocol";
import { mayVote } from "./approval-routing";
import type { TeamLookup } from "./approval-routing";
import type { TeamMembership } from "./ports";

/** What a person may do on a shared approval now; `reason` says why not vote (for the 403). */
export interface Standing {
  role: SharedApprovalMember["role"] | undefined;
  reason?: string;
}

/** A person's current standing on one shared approval (see judgeStanding). */
export type StandingJudge = (userId: string) => Standing;

const RANK = { approver: 2, viewer: 1, none: 0 } as const;

/** Orders roles so a loss of standing is `rank(now) < rank(before)`. */
export function rank(role: SharedApprovalMember["role"] | undefined): number {
  return RANK[role ?? "none"];
}

function denial(
  entryRole: SharedApprovalMember["role"],
  teamName: string,
  groupRole: "approver" | "owner",
  member: TeamMembership | undefined,
): string {
  if (member === undefined)
    return `you are no longer a member of team ${teamName}, so you may not decide this call`;
  if (entryRole === "viewer") return `only approvers of team ${teamName} may decide this call`;
  const voters = groupRole === "owner" ? "owners" : "owners and approvers";
  return `your role in team ${teamName} is now ${member.role}; only its ${voters} may decide this call`;
}

/**
 * Reads the membership of every group the approval has reached (`step`) once, and returns
 * the judge of each person's standing on it: an audience entry counts only while its person
 * is still in that entry's team, and an approver entry stays an approver only while their
 * current role may still vote for the group. A team that no longer exists counts for nobody.
 * The audience fixed at creation is an upper bound; this is what makes removing or demoting
 * someone take effect on approvals already pending. Fails closed: an approver is anyone
 * with one entry that passes both checks, nobody else.
 */
export async function judgeStanding(
  lookup: TeamLookup,
  inquiry: Inquiry,
  step: number,
): Promise<StandingJudge> {
  const shared = inquiry.sharedApproval;
  const groups = shared?.groups.slice(0, step + 1) ?? [];
  const memberships = await Promise.all(
    groups.map(async (group) => {
      const found = await lookup(group.teamId);
      return new Map((found?.members ?? []).map((member) => [member.userId, member]));
    }),
  );
  return (userId) => {
    const entries = (shared?.audience ?? []).filter(
      (entry) => entry.userId === userId && entry.step <= step,
    );
    let standing: Standing = { role: undefined };
    for (const entry of entries) {
      const group = groups[entry.step];
      if (group === undefined) continue;
      const member = memberships[entry.step]?.get(userId);
      if (entry.role === "approver" && member !== undefined && mayVote(group.role, member.role))
        return { role: "approver" };
      const reason = denial(entry.role, group.teamName, group.role, member);
      if (member !== undefined) standing = { role: "viewer", reason };
      else if (standing.role === undefined) standing = { role: undefined, reason };
    }
    return standing;
  };
}
