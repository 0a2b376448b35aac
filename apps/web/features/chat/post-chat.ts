import { requestStream } from "@/lib/api-client";

export interface PostChatInput {
  messages: { role: "user" | "assistant"; content: string }[];
  inquiryTimeout?: number | undefined;
  /**
   * Always ask in this chat, even while the person's YOLO is on (sent as `yolo: false`).
   * There is no way to ask for the opposite: only the person's setting turns YOLO on.
   */
  alwaysAsk?: boolean | undefined;
}

/**
 * Posts the conversation to `/api/chat` and returns the SSE body to read.
 * Throws ApiClientError for any non-streaming answer.
 */
export function postChat(
  input: PostChatInput,
  signal: AbortSignal,
): Promise<ReadableStream<Uint8Array>> {
  return requestStream("/api/chat", {
    method: "POST",
    accept: "text/event-stream",
    body: {
      messages: input.messages,
      ...(input.inquiryTimeout === undefined ? {} : { inquiryTimeout: input.inquiryTimeout }),
      ...(input.alwaysAsk === true ? { yolo: false } : {}),
    },
    signal,
  });
}
