import type { AnswerVia, ApprovalVote, Inquiry } from "@inquiry-hub/protocol";
import { digestOf, personChain, teamChain } from "./audit-record";
import type { AuditEvent } from "./audit-record";
import { answerChannel } from "./decision-actor";

/** The chains a vote goes to, and the one record it is in each of them. */
export interface VoteRecord {
  chains: string[];
  event: AuditEvent;
}

/**
 * The record of one vote on a team approval, as the vote store cast it: who voted from which
 * device, through what (the app, or a push notification's action), approve, edit or reject,
 * and when. It goes to the chain of the person whose agent asked and to the chain of each team
 * the approval had reached by then (its first team, and every escalation step taken: nobody
 * voted before those, so their members had it in front of them too). The vote's own facts
 * come with it, so writing it needs no read. Undefined for an inquiry that is not shared.
 */
export function voteAuditRecord(
  inquiry: Inquiry,
  vote: ApprovalVote,
  step: number,
  via: AnswerVia | undefined,
): VoteRecord | undefined {
  const shared = inquiry.sharedApproval;
  if (shared === undefined) return undefined;
  const reached = shared.groups.slice(0, step + 1).map((group) => group.teamId);
  const event: AuditEvent = {
    kind: "approval.vote",
    at: vote.at,
    actor: { userId: vote.userId, deviceId: vote.deviceId, channel: answerChannel(via) },
    durationMs: Math.max(0, Date.parse(vote.at) - Date.parse(inquiry.createdAt)),
    subject: inquiry.id,
    ...(inquiry.approval === undefined
      ? {}
      : { argumentsDigest: digestOf(inquiry.approval.arguments) }),
    detail: {
      decision: vote.decision,
      team: shared.teamId,
      step,
      requester: inquiry.userId,
      required: shared.required,
      tool: inquiry.approval?.tool,
      upstream: inquiry.approval?.upstream,
    },
  };
  return {
    chains: [personChain(inquiry.userId), ...[...new Set(reached)].map(teamChain)],
    event,
  };
}
