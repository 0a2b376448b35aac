import { MAX_TURN_TEXT, RUN_ID_HEADER, RUN_METADATA_KEYS } from "@inquiry-hub/protocol";
import type { AgentChatRequestBody, Turn } from "@inquiry-hub/protocol";
import { z } from "zod";

/** Response headers of `POST /api/chat` naming what the message started, for a re-attach. */
export const CHAT_RESPONSE_HEADERS = {
  /** The agent run answering the turn; absent on a backend without the run API. */
  runId: RUN_ID_HEADER,
  conversationId: "x-conversation-id",
  turnId: "x-turn-id",
} as const;

/**
 * Body of `POST /api/chat`: one new message, in an existing conversation or (without
 * `conversationId`) a new one. The earlier turns come from the hub, never from the browser.
 * Optionally the client auto-reply deadline (seconds) the agent passes on to the hub as
 * `inquiry_timeout`, and `yolo: false` ("always ask in this chat", passed on as the agent's
 * `yolo`). A chat request may only make the gate stricter: `yolo: true` is refused, because
 * YOLO comes from the person's own setting, never from a request a link or a page could forge.
 */
export const ChatRequestSchema = z.object({
  conversationId: z.uuid().optional(),
  text: z.string().trim().min(1).max(MAX_TURN_TEXT),
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

/** One message of the conversation as the agent reads it. */
export interface AgentMessage {
  role: "user" | "assistant";
  content: string;
}

/**
 * The conversation the agent answers: every earlier turn's message and its reply's text
 * (question cards and errors are not words the model said), then the new message.
 */
export function agentMessagesOf(earlierTurns: readonly Turn[], text: string): AgentMessage[] {
  const messages = earlierTurns.flatMap((turn): AgentMessage[] => {
    const reply = turn.reply.flatMap((part) => (part.type === "text" ? [part.text] : [])).join("");
    const asked: AgentMessage = { role: "user", content: turn.text };
    return reply === "" ? [asked] : [asked, { role: "assistant", content: reply }];
  });
  return [...messages, { role: "user", content: text }];
}

/** Which conversation turn the agent run answers (sent as the run's metadata). */
export interface TurnLink {
  conversationId: string;
  turnId: string;
}

/**
 * The OpenAI-compatible body (the protocol's agent chat request) for a chat request: a
 * streamed background run tied to its turn, so the run outlives the browser's request and
 * the agent writes the reply into the conversation itself.
 */
export function toAgentRequestBody(
  request: ChatRequest,
  model: string,
  messages: AgentMessage[],
  link: TurnLink,
): AgentChatRequestBody {
  return {
    model,
    stream: true,
    background: true,
    messages,
    metadata: {
      [RUN_METADATA_KEYS.conversationId]: link.conversationId,
      [RUN_METADATA_KEYS.turnId]: link.turnId,
    },
    ...(request.inquiryTimeout === undefined ? {} : { inquiry_timeout: request.inquiryTimeout }),
    ...(request.yolo === undefined ? {} : { yolo: request.yolo }),
  };
}
