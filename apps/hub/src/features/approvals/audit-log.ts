import type { ApprovalVote, BatchSkipReason, Inquiry, InquiryStatus } from "@inquiry-hub/protocol";
import type { ApprovalOutcome, ApprovalVerdict } from "./approval-outcome";
import { redactArguments } from "./redact-arguments";
import type { Logger } from "../../kernel/ports";

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

/**
 * One group decision ("Approve all" on a batch) as one act: who, from which device, what, and
 * what became of each listed approval. Each decided item also has its own `approval.decision`
 * entry when its call ends, as any approval does.
 */
export interface ApprovalBatchAuditEntry {
  event: "approval.batch";
  batchId: string;
  userId: string;
  decidedByDeviceId: string;
  action: "approve" | "reject";
  reason?: string | undefined;
  /** Each listed approval, in the order listed: the status it ended in, or why it was left. */
  items: (
    { inquiryId: string; status: InquiryStatus } | { inquiryId: string; skipped: BatchSkipReason }
  )[];
  decidedAt: string;
}

/** Every kind of line the approval audit trail holds. */
export type AuditEntry = ApprovalAuditEntry | ApprovalBatchAuditEntry;

/**
 * Where audit entries go; the default writes one JSON line per entry to stdout. `decided` is
 * the final inquiry of a decision, for the signed chain (who, through what, how long).
 */
export type AuditSink = (entry: AuditEntry, decided?: Inquiry) => void;

/**
 * The default sink: one line per decision through the hub's logger (JSON on stdout, at
 * `info`, the entry's fields at the top level beside the logger's own). Arguments are
 * redacted here (keys kept, values replaced by length and digest, see redactArguments)
 * unless `fullArguments` is set (HUB_AUDIT_FULL_ARGUMENTS=1): stdout ends up in terminals, CI
 * logs and log shippers, and arguments hold file contents and SQL. The inquiry record keeps
 * the full call either way. `logger` must not redact on its own, or full arguments would not be
 * full, and must not be silenced by LOG_LEVEL: the composition root passes `auditChild`.
 */
export function createLogAuditSink(logger: Logger, options: { fullArguments: boolean }): AuditSink {
  return (entry) => {
    if (entry.event === "approval.batch") {
      logger.info(entry, "approval batch decision");
      return;
    }
    const shown = options.fullArguments
      ? entry
      : {
          ...entry,
          originalArguments: redactArguments(entry.originalArguments),
          forwardedArguments:
            entry.forwardedArguments === undefined
              ? undefined
              : redactArguments(entry.forwardedArguments),
        };
    logger.info(shown, "approval decision");
  };
}

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
