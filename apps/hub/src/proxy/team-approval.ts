import type { ApprovalVote, Inquiry, SharedApproval } from "@inquiry-hub/protocol";
import type { TeamApprovalRule } from "../core/approval-routing";
import { HubError } from "../core/errors";
import type { ApprovalOutcome } from "./approval-outcome";
import { unusableDecisionText } from "./approval-text";

/** What the proxy needs to route gated calls to teams (from the composition root). */
export interface TeamApprovalDeps {
  /** The audience and rule for a call of `requesterId` (see core/approval-routing.ts). */
  route(rule: TeamApprovalRule, requesterId: string): Promise<SharedApproval>;
  /** Starts the escalation timers of a new shared approval; returns their stop. */
  followEscalations(inquiry: Inquiry): () => void;
  votesOf(inquiryId: string): Promise<ApprovalVote[]>;
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
