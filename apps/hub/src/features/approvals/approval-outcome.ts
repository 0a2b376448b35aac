import type { ApprovalDecision, Inquiry } from "@inquiry-hub/protocol";
import { cancelledText, rejectedText, timedOutText, unusableDecisionText } from "./approval-text";

/** How a finished approval ended, for the audit log. */
export type ApprovalVerdict =
  | "approved"
  | "edited"
  | "approved-on-timeout"
  | "rejected"
  | "timed-out"
  | "cancelled"
  | "unusable";

/** Forward these exact arguments upstream, or answer the model with `text` and stop. */
export type ApprovalOutcome =
  | { verdict: ApprovalVerdict; forward: true; args: Record<string, unknown> }
  | { verdict: ApprovalVerdict; forward: false; text: string };

/** The gated call as it was asked for. */
export interface GatedCall {
  tool: string;
  args: Record<string, unknown>;
  allowedDecisions: readonly ApprovalDecision[];
  onTimeout: "reject" | "approve";
  /** The problem with edited arguments (the tool's inputSchema), or undefined when valid. */
  checkArguments: (args: Record<string, unknown>) => string | undefined;
}

/**
 * Turns a resolved APPROVAL inquiry into what the proxy does next. Fail closed: any decision
 * the policy did not allow, or edited arguments that do not match the schema, is refused,
 * never forwarded. The inquiry service already refuses such answers; this is the last check
 * before an irreversible upstream call, for resolutions that did not come through `answer`.
 */
export function approvalOutcome(inquiry: Inquiry, call: GatedCall): ApprovalOutcome {
  const resolution = inquiry.resolution;
  if (resolution === null) throw new Error(`inquiry ${inquiry.id} is still pending`);
  const refuse = (verdict: ApprovalVerdict, text: string): ApprovalOutcome => ({
    verdict,
    forward: false,
    text,
  });
  const allowed = (decision: ApprovalDecision): boolean => call.allowedDecisions.includes(decision);

  switch (resolution.status) {
    case "rejected":
      return refuse("rejected", rejectedText(call.tool, resolution.reason));
    case "cancelled":
      return refuse("cancelled", cancelledText(call.tool));
    case "timeout":
      if (call.onTimeout === "approve")
        return { verdict: "approved-on-timeout", forward: true, args: call.args };
      return refuse(
        "timed-out",
        timedOutText(call.tool, Date.parse(resolution.resolvedAt) - Date.parse(inquiry.createdAt)),
      );
    case "answered":
      break;
  }
  if (resolution.response === "approve" && allowed("approve"))
    return { verdict: "approved", forward: true, args: call.args };
  if (resolution.response === "edit" && allowed("edit") && resolution.values !== undefined) {
    const problem = call.checkArguments(resolution.values);
    if (problem !== undefined)
      return refuse("unusable", unusableDecisionText(call.tool, `edited arguments: ${problem}`));
    return { verdict: "edited", forward: true, args: resolution.values };
  }
  return refuse(
    "unusable",
    unusableDecisionText(
      call.tool,
      `"${resolution.response ?? "answer"}" is not an allowed decision`,
    ),
  );
}
