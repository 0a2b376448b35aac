import { inquiryResultText, waitingResult, waitingResultText } from "@inquiry-hub/protocol";
import type { Inquiry } from "@inquiry-hub/protocol";
import type { CallToolResult } from "@modelcontextprotocol/server";

/**
 * The `send_inquiry` result of a final inquiry. Always a first text block a model can act on
 * (the answer, the questionnaire's "question: answer" lines, or what happened instead). An
 * answered questionnaire adds its values twice over: as `structuredContent: {values}` for
 * clients that read structured results, and as a second text block holding the same JSON,
 * as the MCP spec recommends for clients that only read text.
 */
export function inquiryToolResult(inquiry: Inquiry): CallToolResult {
  const text = inquiryResultText(inquiry);
  const values = inquiry.resolution?.values;
  if (inquiry.questions === undefined || values === undefined || inquiry.status !== "answered")
    return { content: [{ type: "text", text }] };
  return {
    content: [
      { type: "text", text },
      { type: "text", text: JSON.stringify({ values }) },
    ],
    structuredContent: { values },
  };
}

/**
 * The result of a call that stopped waiting while its question stays open (its client's
 * timeout is near, or it went away): a sentence telling the model to repeat `subject` with
 * the same arguments, and WaitingResult as `structuredContent` for programs. Not an error:
 * nothing failed, and clients show an error's text to the model less faithfully.
 */
export function waitingToolResult(inquiry: Inquiry, subject: string): CallToolResult {
  return {
    content: [{ type: "text", text: waitingResultText(inquiry, subject) }],
    structuredContent: { ...waitingResult(inquiry) },
  };
}
