import type { ModelMessage, ToolApprovalRequest, ToolCallPart } from "ai";

/** A `tool-approval-request` the app has not answered yet, with the tool call it gates. */
export interface UnansweredApprovalRequest {
  /** The AI SDK's id of the approval; the answer's `tool-approval-response` names it. */
  approvalId: string;
  toolCallId: string;
  toolName: string;
  /** The input the SDK will run the tool with once approved (already schema-validated). */
  input: unknown;
  /** Why the call needs approval, when the app's `toolApproval` (ai 7) gave a reason. */
  reason?: string | undefined;
}

/** What the bridge accepts: a whole conversation, or a `generateText` result to read it from. */
export type MessagesOrResult =
  readonly ModelMessage[] | { readonly response: { readonly messages: readonly ModelMessage[] } };

function messagesOf(from: MessagesOrResult): readonly ModelMessage[] {
  return "response" in from ? from.response.messages : from;
}

/** The request's reason: a field of ai 7's approval requests that ai 6's type lacks. */
function reasonOf(request: ToolApprovalRequest): string | undefined {
  return "reason" in request && typeof request.reason === "string" ? request.reason : undefined;
}

/**
 * Finds the approval requests in `messages` that no `tool` message answers yet, oldest first.
 * Works on a result's `response.messages` as well as on a whole conversation loaded after a
 * restart, where earlier approvals are already answered and must not be asked again.
 */
export function findUnansweredApprovalRequests(
  from: MessagesOrResult,
): UnansweredApprovalRequest[] {
  const messages = messagesOf(from);
  const toolCalls = new Map<string, ToolCallPart>();
  const requests: { approvalId: string; toolCallId: string; reason: string | undefined }[] = [];
  const answered = new Set<string>();
  for (const message of messages) {
    if (typeof message.content === "string") continue;
    for (const part of message.content) {
      if (part.type === "tool-call") toolCalls.set(part.toolCallId, part);
      if (part.type === "tool-approval-request") requests.push({ ...part, reason: reasonOf(part) });
      if (part.type === "tool-approval-response") answered.add(part.approvalId);
    }
  }
  return requests
    .filter((request) => !answered.has(request.approvalId))
    .map(({ approvalId, toolCallId, reason }) => {
      const toolCall = toolCalls.get(toolCallId);
      if (toolCall === undefined)
        throw new Error(
          `approval request ${approvalId} names tool call ${toolCallId}, which is not in the messages`,
        );
      return {
        approvalId,
        toolCallId,
        toolName: toolCall.toolName,
        input: toolCall.input,
        ...(reason === undefined ? {} : { reason }),
      };
    });
}
