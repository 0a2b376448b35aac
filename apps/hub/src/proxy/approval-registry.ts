import type { AnswerBody, ApprovalDecision } from "@inquiry-hub/protocol";
import { HubError } from "../core/errors";
import type { ArgumentCheck } from "./argument-validator";

/** What the answer check needs to know about one waiting gated call. */
export interface PendingApproval {
  tool: string;
  allowedDecisions: readonly ApprovalDecision[];
  checkArguments: ArgumentCheck;
}

/** The gated calls this node is holding, by inquiry id. */
export interface ApprovalRegistry {
  add(inquiryId: string, approval: PendingApproval): void;
  remove(inquiryId: string): void;
  /**
   * Throws BAD_REQUEST when an answer cannot be carried out: a decision the policy does not
   * allow, or edited arguments that do not match the tool's inputSchema. Answers to other
   * inquiries pass untouched. Call it before the answer resolves the inquiry, so a refused
   * edit leaves the approval pending and the device can correct it.
   */
  checkAnswer(inquiryId: string, body: AnswerBody): void;
}

function decisionOf(body: AnswerBody): ApprovalDecision | undefined {
  switch (body.action) {
    case "approve":
    case "edit":
    case "reject":
      return body.action;
    case "answer":
    case "timeout":
      return undefined;
  }
}

/** Creates an empty registry; entries live exactly as long as their call waits. */
export function createApprovalRegistry(): ApprovalRegistry {
  const pending = new Map<string, PendingApproval>();
  return {
    add(inquiryId, approval) {
      pending.set(inquiryId, approval);
    },
    remove(inquiryId) {
      pending.delete(inquiryId);
    },
    checkAnswer(inquiryId, body) {
      const approval = pending.get(inquiryId);
      const decision = decisionOf(body);
      if (approval === undefined || decision === undefined) return;
      if (!approval.allowedDecisions.includes(decision)) {
        throw new HubError(
          "BAD_REQUEST",
          `action: "${decision}" is not allowed for ${approval.tool}; allowed: ${approval.allowedDecisions.join(", ")}`,
        );
      }
      if (body.action !== "edit") return;
      const problem = approval.checkArguments(body.args);
      if (problem !== undefined) {
        throw new HubError("BAD_REQUEST", `args: ${problem}`, {
          details: { tool: approval.tool, problem },
        });
      }
    },
  };
}
