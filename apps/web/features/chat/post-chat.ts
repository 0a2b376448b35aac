import { requestStreamResponse } from "@/lib/client/api-client";
import { ApiClientError } from "@/lib/client/api-client-error";
import { CHAT_RESPONSE_HEADERS } from "@/lib/chat-request";

export interface PostChatInput {
  /** The open conversation; absent for a new chat, which the server creates. */
  conversationId: string | undefined;
  text: string;
  inquiryTimeout?: number | undefined;
  /**
   * Always ask in this chat, even while the person's YOLO is on (sent as `yolo: false`).
   * There is no way to ask for the opposite: only the person's setting turns YOLO on.
   */
  alwaysAsk?: boolean | undefined;
}

/** The stream of a sent message and what it started. */
export interface PostedChat {
  body: ReadableStream<Uint8Array>;
  conversationId: string;
  turnId: string;
  /** The background run; undefined on a backend without the run API (no re-attach then). */
  runId: string | undefined;
}

/**
 * Posts one message to `/api/chat` and returns the SSE body to read with the ids from the
 * response headers. Throws ApiClientError for any non-streaming answer, or an answer that
 * does not name its conversation and turn.
 */
export async function postChat(input: PostChatInput, signal: AbortSignal): Promise<PostedChat> {
  const { body, headers } = await requestStreamResponse("/api/chat", {
    method: "POST",
    accept: "text/event-stream",
    body: {
      ...(input.conversationId === undefined ? {} : { conversationId: input.conversationId }),
      text: input.text,
      ...(input.inquiryTimeout === undefined ? {} : { inquiryTimeout: input.inquiryTimeout }),
      ...(input.alwaysAsk === true ? { yolo: false } : {}),
    },
    signal,
  });
  const conversationId = headers.get(CHAT_RESPONSE_HEADERS.conversationId);
  const turnId = headers.get(CHAT_RESPONSE_HEADERS.turnId);
  if (conversationId === null || turnId === null) {
    await body.cancel();
    throw new ApiClientError("INVALID_RESPONSE", 200, undefined);
  }
  const runId = headers.get(CHAT_RESPONSE_HEADERS.runId);
  return {
    body,
    conversationId,
    turnId,
    runId: runId === null || runId === "" ? undefined : runId,
  };
}
