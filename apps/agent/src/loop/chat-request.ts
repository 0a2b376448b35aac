import type { ChatMessage } from "./model-provider";

/**
 * A chat as the agent runs it: a `POST /v1/chat/completions` body validated by the HTTP layer
 * (the protocol's `AgentChatRequestSchema`). `inquiryTimeoutSeconds` becomes `?timeout=` on
 * the hub MCP URL, `yolo: false` becomes `?yolo=0`.
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
