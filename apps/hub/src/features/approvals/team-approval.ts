import type { ApprovalVote, Inquiry, SharedApproval } from "@inquiry-hub/protocol";
import type { TeamApprovalRule, TeamLookup } from "../teams/approval-routing";
import { HubError } from "../../kernel/errors";
import type { ApprovalOutcome } from "./approval-outcome";
import { unusableDecisionText } from "./approval-text";
import type { ProxyConfig, ToolPolicy } from "./proxy-policy";

/** What the proxy needs to route gated calls to teams (from the composition root). */
export interface TeamApprovalDeps {
  /** The audience and rule for a call of `requesterId` (see features/teams/approval-routing.ts). */
  route(rule: TeamApprovalRule, requesterId: string): Promise<SharedApproval>;
  /** Starts the escalation timers of a new shared approval; returns their stop. */
  followEscalations(inquiry: Inquiry): () => void;
  votesOf(inquiryId: string): Promise<ApprovalVote[]>;
  /** Which of these team ids no team has (see warnAboutUnknownTeams). */
  unknownTeams(teamIds: readonly string[]): Promise<string[]>;
}

/** Each team id the policies of `config` name, with where: `upstream.tool` (or `.default`). */
export function policyTeamIds(config: ProxyConfig): Map<string, string[]> {
  const named = new Map<string, string[]>();
  const note = (where: string, policy: ToolPolicy) => {
    if (!policy.gate || policy.team === undefined) return;
    for (const group of [policy.team.approvers, ...policy.team.escalateTo])
      named.set(group.teamId, [...(named.get(group.teamId) ?? []), where]);
  };
  for (const [upstream, settings] of Object.entries(config.upstreams)) {
    note(`${upstream}.default`, settings.defaultPolicy);
    for (const [tool, policy] of Object.entries(settings.tools))
      note(`${upstream}.${tool}`, policy);
  }
  return named;
}

/** The ids among `teamIds` that no team has. */
export async function unknownTeams(
  lookup: TeamLookup,
  teamIds: readonly string[],
): Promise<string[]> {
  const found = await Promise.all(
    teamIds.map(async (teamId) => (await lookup(teamId)) !== undefined),
  );
  return teamIds.filter((_teamId, index) => found[index] !== true);
}

/**
 * The startup warnings for policies naming a team id that no team has. Such calls are
 * refused (fail closed) until a team with that id exists; since ids are random and nobody
 * can pick one, that means the config names a team of another hub or store, or one that was
 * deleted with its store. One line per id, naming the policies.
 */
export async function unknownTeamWarnings(
  config: ProxyConfig,
  teams: Pick<TeamApprovalDeps, "unknownTeams">,
): Promise<string[]> {
  const named = policyTeamIds(config);
  const unknown = await teams.unknownTeams([...named.keys()]);
  return unknown.map(
    (teamId) =>
      `proxy config: approver team ${teamId} does not exist; calls of ${(named.get(teamId) ?? []).join(", ")} will be refused until it does (team ids are listed by GET /api/teams)`,
  );
}

/**
 * The team audience for a gated call, or the refusal the model gets when it cannot be
 * routed (an unknown team, too few eligible approvers, no team support configured). Fails
 * closed: a call whose approvers cannot be found never runs.
 */
export async function routeOrRefuse(
  teams: TeamApprovalDeps | undefined,
  rule: TeamApprovalRule,
  requesterId: string,
  tool: string,
): Promise<{ sharedApproval: SharedApproval } | { refused: ApprovalOutcome }> {
  const refuse = (problem: string) => ({
    refused: {
      verdict: "unusable" as const,
      forward: false as const,
      text: unusableDecisionText(tool, `its approvers could not be asked: ${problem}`),
    },
  });
  if (teams === undefined) return refuse("this hub has no teams");
  try {
    return { sharedApproval: await teams.route(rule, requesterId) };
  } catch (error) {
    if (error instanceof HubError && error.code !== "INTERNAL") return refuse(error.message);
    throw error;
  }
}
