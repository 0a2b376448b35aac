import type { Inquiry } from "@inquiry-hub/protocol";
import type { ChainedEvent } from "./approval-events";
import { personChain, teamChain } from "./audit-record";

/**
 * The records of one escalation step of a team approval: the hub offered it to the next
 * `escalate_to` group because nobody had voted in time. The same event goes to the chain of
 * the person whose agent asked, of the team the approval started with, and of the team it
 * escalated to, so each team's members read it in their export.
 */
export function escalationAuditEvents(
  inquiry: Inquiry,
  newcomers: string[],
  step: number,
  at: Date,
): ChainedEvent[] {
  const shared = inquiry.sharedApproval;
  if (shared === undefined) return [];
  const group = shared.groups[step];
  const event = {
    kind: "escalation" as const,
    at: at.toISOString(),
    actor: { userId: inquiry.userId, channel: "hub" as const },
    subject: inquiry.id,
    durationMs: Math.max(0, at.getTime() - Date.parse(inquiry.createdAt)),
    detail: {
      step,
      teamId: group?.teamId,
      teamName: group?.teamName,
      afterSeconds: shared.escalateAfterSeconds[step - 1],
      newcomers,
      tool: inquiry.approval?.tool,
      upstream: inquiry.approval?.upstream,
    },
  };
  const teams = new Set([shared.teamId, ...(group === undefined ? [] : [group.teamId])]);
  return [personChain(inquiry.userId), ...[...teams].map(teamChain)].map((chain) => ({
    chain,
    event,
  }));
}
