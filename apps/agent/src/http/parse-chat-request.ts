import { AgentChatRequestSchema } from "@inquiry-hub/protocol";
import type { ChatRequest } from "../loop/chat-request";

/** Validates a raw body; returns the request or a one-line explanation of what is wrong. */
export function parseChatRequest(body: unknown): ChatRequest | { error: string } {
  const parsed = AgentChatRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return { error: `Invalid request body: ${where}${issue?.message ?? "unknown problem"}` };
  }
  return {
    model: parsed.data.model,
    messages: parsed.data.messages,
    stream: parsed.data.stream,
    inquiryTimeoutSeconds: parsed.data.inquiry_timeout,
    yolo: parsed.data.yolo,
    background: parsed.data.background === true,
    metadata: parsed.data.metadata ?? {},
  };
}
