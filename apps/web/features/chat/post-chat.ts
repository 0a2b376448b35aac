import { ApiErrorBodySchema } from "@inquiry-hub/protocol";
import type { Translate } from "@/lib/i18n/translate";

export interface PostChatInput {
  messages: { role: "user" | "assistant"; content: string }[];
  inquiryTimeout?: number | undefined;
  /**
   * Always ask in this chat, even while the person's YOLO is on (sent as `yolo: false`).
   * There is no way to ask for the opposite: only the person's setting turns YOLO on.
   */
  alwaysAsk?: boolean | undefined;
}

/** A chat request the server refused or could not forward; `message` is fit to show. */
export class ChatRequestError extends Error {
  override readonly name = "ChatRequestError";
}

/**
 * Posts the conversation to `/api/chat` and returns the SSE body to read.
 * Throws ChatRequestError with the server's message for any non-streaming answer.
 */
export async function postChat(
  input: PostChatInput,
  signal: AbortSignal,
  t: Translate,
): Promise<ReadableStream<Uint8Array>> {
  const response = await fetch("/api/chat", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "text/event-stream" },
    body: JSON.stringify({
      messages: input.messages,
      ...(input.inquiryTimeout === undefined ? {} : { inquiryTimeout: input.inquiryTimeout }),
      ...(input.alwaysAsk === true ? { yolo: false } : {}),
    }),
    signal,
  });
  if (response.ok && response.body !== null) return response.body;
  const body = ApiErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  if (response.status === 401) throw new ChatRequestError(t("chat.sessionEnded"));
  throw new ChatRequestError(
    body.success ? body.data.error.message : t("chat.failed", { status: response.status }),
  );
}
