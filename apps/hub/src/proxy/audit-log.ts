import type { ApprovalVote, Inquiry } from "@inquiry-hub/protocol";
import type { ApprovalOutcome, ApprovalVerdict } from "./approval-outcome";

/**
 * One line of the approval audit trail: who decided what about which call, and what was
 * actually forwarded. The inquiry's own resolution keeps the decision too (`values` = edited
 * arguments, `byDeviceId`, `reason`); this entry adds the original arguments, the agent's
 * session identity and the forwarded arguments in one place.
 */
export interface ApprovalAuditEntry {
  event: "approval.decision";
  inquiryId: string;
  upstream: string;
  tool: string;
  userId: string;
  /** The device whose credential opened the agent's proxy session. */
  agentDeviceId: string;
  verdict: ApprovalVerdict;
  /** The device that decided; absent when the hub did (timeout, cancel). */
  decidedByDeviceId?: string | undefined;
  reason?: string | undefined;
  originalArguments: Record<string, unknown>;
  /** Exactly what went upstream; absent when nothing did. */
  forwardedArguments?: Record<string, unknown> | undefined;
  decidedAt: string;
  /** For a team approval: every person's vote (who, device, decision, when), oldest first. */
  votes?: ApprovalVote[] | undefined;
}

/** Where audit entries go; the default writes one JSON line per decision to stdout. */
export type AuditSink = (entry: ApprovalAuditEntry) => void;

export const consoleAuditSink: AuditSink = (entry) => {
  console.info(JSON.stringify(entry));
};

/** Builds the entry of a finished approval. */
export function auditEntry(
  context: {
    upstream: string;
    tool: string;
    userId: string;
    agentDeviceId: string;
    originalArguments: Record<string, unknown>;
  },
  inquiry: Inquiry,
  outcome: ApprovalOutcome,
  votes?: ApprovalVote[],
): ApprovalAuditEntry {
  const resolution = inquiry.resolution;
  return {
    event: "approval.decision",
    inquiryId: inquiry.id,
    ...context,
    verdict: outcome.verdict,
    decidedByDeviceId: resolution?.byDeviceId,
    reason: resolution?.reason,
    forwardedArguments: outcome.forward ? outcome.args : undefined,
    decidedAt: resolution?.resolvedAt ?? new Date().toISOString(),
    ...(votes === undefined ? {} : { votes }),
  };
}
