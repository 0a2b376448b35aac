import { MAX_ANSWER_LENGTH } from "@inquiry-hub/protocol";
import type { Inquiry, RequestApprovalResult } from "@inquiry-hub/protocol";
import type { ApprovalOutcome, ApprovalVerdict } from "./approval-outcome";

/** A decided `request_approval` call as its caller gets it: a sentence and the decision. */
export interface FrameworkApprovalReply {
  /** One short sentence for a person or a model reading the text content. */
  text: string;
  /** The `structuredContent` the framework acts on. */
  result: RequestApprovalResult;
}

function decisionOf(verdict: ApprovalVerdict): RequestApprovalResult["decision"] {
  switch (verdict) {
    case "approved":
    case "approved-on-timeout":
      return "approve";
    case "edited":
      return "edit";
    case "rejected":
    case "unusable":
      return "reject";
    case "timed-out":
      return "timeout";
    case "cancelled":
      return "cancelled";
  }
}

/** The person's words (a reject reason), or why a decision could not be applied. */
function messageOf(final: Inquiry, outcome: ApprovalOutcome): string | undefined {
  if (outcome.verdict === "unusable" && !outcome.forward)
    return outcome.text.slice(0, MAX_ANSWER_LENGTH);
  if (outcome.verdict !== "rejected") return undefined;
  const reason = final.resolution?.reason;
  return reason === undefined || reason === "" ? undefined : reason;
}

function forwardText(final: Inquiry, tool: string, verdict: ApprovalVerdict): string {
  if (verdict === "edited")
    return `The person edited the arguments of the call to ${tool}; run it with the edited arguments.`;
  if (final.resolution?.delegated === true)
    return `The call to ${tool} was approved without asking: the person's YOLO setting lets the agent decide.`;
  return `The person approved the call to ${tool}; run it with the arguments as given.`;
}

/**
 * Turns a decided APPROVAL inquiry and its outcome (see approvalOutcome) into what
 * `request_approval` returns. The arguments come only from an outcome that may run (the
 * original for approve, the person's validated edit for edit), so every refusal the outcome
 * made, an unusable decision included, reaches the framework as `reject` and never runs
 * (fail closed); `timeout` and `cancelled` mean nobody decided.
 *
 * @example frameworkApprovalReply(final, { verdict: "rejected", forward: false, text })
 *   // { text, result: { inquiryId, decision: "reject", message: "not today" } }
 */
export function frameworkApprovalReply(
  final: Inquiry,
  tool: string,
  outcome: ApprovalOutcome,
): FrameworkApprovalReply {
  const message = messageOf(final, outcome);
  const result: RequestApprovalResult = {
    inquiryId: final.id,
    decision: decisionOf(outcome.verdict),
    ...(outcome.forward ? { arguments: outcome.args } : {}),
    ...(message === undefined ? {} : { message }),
  };
  const text = outcome.forward ? forwardText(final, tool, outcome.verdict) : outcome.text;
  return { text, result };
}
