import { createParser } from "eventsource-parser";
import { parseAgentSseData } from "@inquiry-hub/protocol";
import type { AgentStreamEvent } from "@inquiry-hub/protocol";

/** The events a chat client acts on: everything but `ignored`. */
export type ChatStreamEvent = Exclude<AgentStreamEvent, { type: "ignored" }>;

/**
 * Reads an agent's SSE body (OpenAI `chat.completion.chunk` events) and yields its events
 * in order. A last event missing its blank line still counts. Unrecognised events are skipped; the generator returns after `done` (`[DONE]`)
 * and cancels the rest of the body. If the body ends without `[DONE]`, the generator simply
 * returns: callers decide what an unfinished stream means. Read errors (network, abort)
 * are thrown to the caller.
 *
 * @example for await (const event of readAgentStream(response.body)) render(event);
 */
export async function* readAgentStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<ChatStreamEvent, void, undefined> {
  const pending: ChatStreamEvent[] = [];
  const parser = createParser({
    onEvent(message) {
      const event = parseAgentSseData(message.data);
      if (event.type !== "ignored") pending.push(event);
    },
  });
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let finished = false;
  try {
    while (!finished) {
      const { done, value } = await reader.read();
      if (done) {
        parser.feed(`${decoder.decode()}\n\n`);
        finished = true;
      } else {
        parser.feed(decoder.decode(value, { stream: true }));
      }
      while (pending.length > 0) {
        const event = pending.shift();
        if (event === undefined) break;
        yield event;
        if (event.type === "done") return;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
