import { AgentChatRequestSchema } from "@inquiry-hub/protocol";
import type { ChatMessage } from "../llm/model-provider";

/**
 * A validated `POST /v1/chat/completions` body (the protocol's `AgentChatRequestSchema`):
 * `inquiry_timeout` becomes `?timeout=` on the hub MCP URL, `yolo: false` becomes `?yolo=0`.
 */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  inquiryTimeoutSeconds: number | undefined;
  /** `false`: always ask in this chat; undefined leaves it to the person's setting. */
  yolo: false | undefined;
  /** True: a background run that outlives the request (re-attach, Stop, resume). */
  background: boolean;
  /** OpenAI's request metadata; `RUN_METADATA_KEYS` tie the run to a conversation turn. */
  metadata: Record<string, string>;
}

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
