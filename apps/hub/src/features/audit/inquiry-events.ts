import type { Inquiry } from "@inquiry-hub/protocol";
import { redactArguments } from "../approvals/redact-arguments";
import type { ChainedEvent } from "./approval-events";
import { digestOf, personChain } from "./audit-record";
import type { AuditKind } from "./audit-record";
import { decisionFacts } from "./decision-actor";

/** The record kind of a question's end: answered (or declined), timed out, or withdrawn. */
function kindOf(status: Inquiry["status"]): AuditKind | undefined {
  switch (status) {
    case "answered":
    case "rejected":
      return "inquiry.answered";
    case "timeout":
      return "inquiry.expired";
    case "cancelled":
      return "inquiry.withdrawn";
    case "pending":
      return undefined;
  }
}

/**
 * The chain record of a question (`send_inquiry`, not an approval, whose record is the
 * approval's decision) that left `pending`: who answered through what and how long it took,
 * the answer's digest (sha256 of the canonical `{ response, values }`) and the answer itself
 * only as the redaction policy allows, like an approval's arguments. Undefined for an
 * approval or a pending inquiry.
 */
export function inquiryAuditEvent(
  inquiry: Inquiry,
  options: { fullArguments: boolean },
): ChainedEvent | undefined {
  const kind = kindOf(inquiry.status);
  const resolution = inquiry.resolution;
  if (inquiry.type !== "INQUIRY" || kind === undefined || resolution === null) return undefined;
  const answer = {
    ...(resolution.response === undefined ? {} : { response: resolution.response }),
    ...(resolution.values === undefined ? {} : { values: resolution.values }),
  };
  const answered = Object.keys(answer).length > 0;
  const facts = decisionFacts(inquiry);
  return {
    chain: personChain(inquiry.userId),
    event: {
      kind,
      at: resolution.resolvedAt,
      actor: facts.actor,
      ...(facts.durationMs === undefined ? {} : { durationMs: facts.durationMs }),
      subject: inquiry.id,
      detail: {
        status: inquiry.status,
        askedByCredentialId: inquiry.askedByCredentialId,
        reason: resolution.reason,
        delegated: resolution.delegated,
        ...(answered && {
          answerDigest: digestOf(answer),
          answer: options.fullArguments ? answer : redactArguments(answer),
        }),
      },
    },
  };
}
