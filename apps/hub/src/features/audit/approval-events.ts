import type { AuditEntry } from "../approvals/audit-log";
import { redactArguments } from "../approvals/redact-arguments";
import { digestOf, personChain } from "./audit-record";
import type { AuditEvent } from "./audit-record";

/**
 * The chain record of an approval audit entry: a decision (its arguments' digest, the
 * arguments as the redaction policy allows, what was forwarded only as a digest) or a group
 * decision. Both go to the person's chain; `channel` is "app" when a device decided and "hub"
 * when the hub did (timeout, cancel).
 */
export function approvalAuditEvent(
  entry: AuditEntry,
  options: { fullArguments: boolean },
): { chain: string; event: AuditEvent } {
  const chain = personChain(entry.userId);
  if (entry.event === "approval.batch") {
    return {
      chain,
      event: {
        kind: "approval.batch",
        at: entry.decidedAt,
        actor: { userId: entry.userId, deviceId: entry.decidedByDeviceId, channel: "app" },
        subject: entry.batchId,
        detail: { action: entry.action, reason: entry.reason, items: entry.items },
      },
    };
  }
  const deviceId = entry.decidedByDeviceId;
  return {
    chain,
    event: {
      kind: "approval.decision",
      at: entry.decidedAt,
      actor: { userId: entry.userId, deviceId, channel: deviceId === undefined ? "hub" : "app" },
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
      },
    },
  };
}
