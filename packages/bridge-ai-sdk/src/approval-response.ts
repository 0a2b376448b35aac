import type { ToolApprovalResponse } from "ai";
import type { RequestApprovalResult } from "@inquiry-hub/hub-approvals";

/** The denial reason the model reads when the person let the approval run out. */
export const NOBODY_DECIDED_REASON = "Nobody decided in time";

/**
 * Turns the person's decision into the AI SDK's answer to one approval request. Only an
 * explicit approve runs the tool; everything else is a denial the model reads as an
 * `execution-denied` tool result with the reason.
 */
export function toApprovalResponse(
  approvalId: string,
  result: RequestApprovalResult,
): ToolApprovalResponse {
  const response = { type: "tool-approval-response", approvalId } as const;
  switch (result.decision) {
    case "approve":
      return { ...response, approved: true };
    case "reject":
      return {
        ...response,
        approved: false,
        ...(result.message === undefined ? {} : { reason: result.message }),
      };
    case "timeout":
    case "cancelled":
      return { ...response, approved: false, reason: NOBODY_DECIDED_REASON };
    case "edit":
      // The bridge never offers edit: the SDK runs an approved call only with the input the
      // model produced. Should a hub still send one, running the original input would betray
      // the person, so the call is denied and the model learns what they wanted instead.
      return {
        ...response,
        approved: false,
        reason: `The person asked for different arguments instead: ${JSON.stringify(result.arguments ?? {})}`,
      };
  }
}
