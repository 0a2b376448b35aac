import { inquiryResultText } from "@inquiry-hub/protocol";
import type { Inquiry, InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";

/** The INQUIRY progress meta that announces an inquiry to the MCP client (the chat card). */
export function openedMeta(inquiry: Inquiry): InquiryOpenedMeta {
  return {
    type: "INQUIRY",
    inquiryId: inquiry.id,
    question: inquiry.question,
    expiresAt: inquiry.expiresAt,
    ...(inquiry.options.length === 0 ? {} : { options: inquiry.options }),
    ...(inquiry.suggestedAnswer === undefined ? {} : { suggestedAnswer: inquiry.suggestedAnswer }),
    ...(inquiry.suggestedBy === undefined ? {} : { suggestedBy: inquiry.suggestedBy }),
    ...(inquiry.questions === undefined ? {} : { questions: inquiry.questions }),
  };
}

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
