import { notRunMessage } from "@inquiry-hub/hub-approvals";
import type { RequestApprovalResult } from "@inquiry-hub/hub-approvals";
import type { Decision, DecisionType } from "langchain";

/**
 * Nobody decided, and the tool's review config offers no `reject` to say so: the middleware
 * would refuse a reject, and anything else would run the tool. The run stays paused at its
 * checkpoint instead; asking again with the same key returns the same outcome.
 */
export class UndecidedApprovalError extends Error {
  override readonly name = "UndecidedApprovalError";

  constructor(
    readonly tool: string,
    readonly outcome: "timeout" | "cancelled",
    readonly inquiryId: string,
  ) {
    super(
      `${notRunMessage(tool, outcome)} Its review config allows no reject, so the run stays interrupted.`,
    );
  }
}

/**
 * Turns the hub's answer into the middleware's decision for one action request. Approve runs
 * the call as the model made it; edit runs it with the person's arguments (the hub already
 * checked them against the schema); reject, timeout and cancelled all skip it, and the model
 * reads why.
 */
export function toDecision(
  tool: string,
  allowedDecisions: readonly DecisionType[],
  result: RequestApprovalResult,
): Decision {
  switch (result.decision) {
    case "approve":
      return { type: "approve" };
    case "edit":
      if (result.arguments === undefined)
        throw new Error(`The hub answered an edit of ${tool} without the edited arguments.`);
      return { type: "edit", editedAction: { name: tool, args: result.arguments } };
    case "reject":
      return { type: "reject", message: notRunMessage(tool, "reject", result) };
    case "timeout":
    case "cancelled":
      if (!allowedDecisions.includes("reject"))
        throw new UndecidedApprovalError(tool, result.decision, result.inquiryId);
      return { type: "reject", message: notRunMessage(tool, result.decision) };
  }
}
