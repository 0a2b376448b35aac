import type { AgentChatRequestBody } from "@inquiry-hub/protocol";
import { z } from "zod";

/** Longest conversation the web app forwards, in messages. */
export const MAX_CHAT_MESSAGES = 200;

/** One message of the conversation the browser sends to `POST /api/chat`. */
export const ChatMessageSchema = z.object({
  role: z.enum(["system", "user", "assistant"]),
  content: z.string().max(50_000),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/**
 * Body of `POST /api/chat`: the whole conversation, and optionally the client auto-reply
 * deadline (seconds) the agent passes on to the hub as `inquiry_timeout`, and `yolo: false`
 * ("always ask in this chat", passed on as the agent's `yolo`). A chat request may only make
 * the gate stricter: `yolo: true` is refused, because YOLO comes from the person's own
 * setting, never from a request a link or a page could forge.
 */
export const ChatRequestSchema = z.object({
  messages: z.array(ChatMessageSchema).min(1).max(MAX_CHAT_MESSAGES),
  inquiryTimeout: z
    .number()
    .positive()
    .max(24 * 60 * 60)
    .optional(),
  yolo: z
    .literal(false, {
      error:
        "yolo: only false (always ask in this chat) is accepted; switch YOLO on in your settings",
    })
    .optional(),
});
export type ChatRequest = z.infer<typeof ChatRequestSchema>;

/** The OpenAI-compatible body (the protocol's agent chat request) sent for a chat request. */
export function toAgentRequestBody(request: ChatRequest, model: string): AgentChatRequestBody {
  return {
    model,
    stream: true,
    messages: request.messages,
    ...(request.inquiryTimeout === undefined ? {} : { inquiry_timeout: request.inquiryTimeout }),
    ...(request.yolo === undefined ? {} : { yolo: request.yolo }),
  };
}
