import type { AnswerBody, ApprovalDecision, Inquiry } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import type { ArgumentsValidator } from "./ports";

function decisionOf(body: AnswerBody): ApprovalDecision | undefined {
  switch (body.action) {
    case "approve":
    case "edit":
    case "reject":
      return body.action;
    case "answer":
    case "timeout":
    case "delegate":
      return undefined;
  }
}

/**
 * Refuses (BAD_REQUEST) an answer an approval cannot carry out: a decision its policy does
 * not allow, or edited arguments that fail the tool's `inputSchema`. It reads only the
 * inquiry record, so whichever node receives the answer can check it, and it runs before the
 * resolution, so a refused edit leaves the approval pending for the person to correct.
 * Inquiries without approval details pass untouched.
 */
export function checkApprovalAnswer(
  inquiry: Inquiry,
  body: AnswerBody,
  validate: ArgumentsValidator,
): void {
  const approval = inquiry.approval;
  const decision = decisionOf(body);
  if (approval === undefined || decision === undefined) return;
  if (!approval.allowedDecisions.includes(decision)) {
    throw new HubError(
      "BAD_REQUEST",
      `action: "${decision}" is not allowed for ${approval.tool}; allowed: ${approval.allowedDecisions.join(", ")}`,
    );
  }
  if (body.action !== "edit" || approval.inputSchema === undefined) return;
  const problem = validate(approval.inputSchema, body.args);
  if (problem !== undefined) {
    throw new HubError("BAD_REQUEST", `args: ${problem}`, {
      details: { tool: approval.tool, problem },
    });
  }
}
