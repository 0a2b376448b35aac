import type { Inquiry } from "@inquiry-hub/protocol";
import type { AuditEntry } from "../approvals/audit-log";
import { redactArguments } from "../approvals/redact-arguments";
import { digestOf, personChain, teamChain } from "./audit-record";
import type { AuditEvent } from "./audit-record";
import { decisionFacts } from "./decision-actor";
import type { DecisionFacts } from "./decision-actor";

/** One event and the chain it goes to. */
export interface ChainedEvent {
  chain: string;
  event: AuditEvent;
}

/**
 * The chain records of an approval audit entry: a decision (its arguments' digest, the
 * arguments as the redaction policy allows, what was forwarded only as a digest) or a group
 * decision, in the person's chain. `decided`, the final inquiry when the sink is given it,
 * says who decided through what (device, push, webhook link, the agent's MCP client, a rule,
 * YOLO, or the hub for a timeout or cancel) and how long it took; without it a device's
 * decision reads as `app` and none as `hub`. A team's decision names the member whose vote
 * decided it (the requester in `detail.requester`) and is also recorded in the chain of every
 * team of its escalation steps, so the team's members read it in their export.
 */
export function approvalAuditEvents(
  entry: AuditEntry,
  options: { fullArguments: boolean },
  decided?: Inquiry,
): ChainedEvent[] {
  const chain = personChain(entry.userId);
  if (entry.event === "approval.batch") {
    const event: AuditEvent = {
      kind: "approval.batch",
      at: entry.decidedAt,
      actor: { userId: entry.userId, deviceId: entry.decidedByDeviceId, channel: "app" },
      subject: entry.batchId,
      detail: { action: entry.action, reason: entry.reason, items: entry.items },
    };
    return [{ chain, event }];
  }
  const deviceId = entry.decidedByDeviceId;
  const facts: DecisionFacts =
    decided === undefined
      ? {
          actor: {
            userId: entry.userId,
            deviceId,
            channel: deviceId === undefined ? "hub" : "app",
          },
        }
      : decisionFacts(decided);
  const voter = entry.votes?.find((vote) => vote.deviceId === facts.actor.deviceId);
  const event: AuditEvent = {
    kind: "approval.decision",
    at: entry.decidedAt,
    actor: voter === undefined ? facts.actor : { ...facts.actor, userId: voter.userId },
    ...(facts.durationMs === undefined ? {} : { durationMs: facts.durationMs }),
    subject: entry.inquiryId,
    argumentsDigest: digestOf(entry.originalArguments),
    arguments: options.fullArguments
      ? entry.originalArguments
      : redactArguments(entry.originalArguments),
    detail: {
      upstream: entry.upstream,
      tool: entry.tool,
      verdict: entry.verdict,
      reason: entry.reason,
      agentDeviceId: entry.agentDeviceId,
      forwardedDigest:
        entry.forwardedArguments === undefined ? undefined : digestOf(entry.forwardedArguments),
      votes: entry.votes,
      ...facts.standing,
      ...(decided?.sharedApproval === undefined
        ? {}
        : { team: decided.sharedApproval.teamId, requester: entry.userId }),
    },
  };
  const teams = new Set(decided?.sharedApproval?.groups.map((group) => group.teamId) ?? []);
  return [{ chain, event }, ...[...teams].map((teamId) => ({ chain: teamChain(teamId), event }))];
}
