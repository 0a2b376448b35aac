import { createParser } from "eventsource-parser";
import { parseAgentSseData } from "@inquiry-hub/protocol";
import type { AgentStreamEvent } from "@inquiry-hub/protocol";

/** The events a chat client acts on: everything but `ignored`. */
export type ChatStreamEvent = Exclude<AgentStreamEvent, { type: "ignored" }>;

/** One event of a run's stream with its `id:` (its position in the run's log), when it had one. */
export interface NumberedStreamEvent {
  id: number | undefined;
  event: ChatStreamEvent;
}

function eventIdOf(raw: string | undefined): number | undefined {
  if (raw === undefined || !/^\d+$/.test(raw)) return undefined;
  const id = Number(raw);
  return Number.isSafeInteger(id) ? id : undefined;
}

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
  for await (const numbered of readNumberedAgentStream(body)) yield numbered.event;
}

/**
 * `readAgentStream` keeping each event's SSE `id:`, which a re-attach sends back as
 * `Last-Event-ID` so the run's log is replayed from there, not from the start.
 */
export async function* readNumberedAgentStream(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<NumberedStreamEvent, void, undefined> {
  const pending: NumberedStreamEvent[] = [];
  const parser = createParser({
    onEvent(message) {
      const event = parseAgentSseData(message.data);
      if (event.type !== "ignored") pending.push({ id: eventIdOf(message.id), event });
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
        const numbered = pending.shift();
        if (numbered === undefined) break;
        yield numbered;
        if (numbered.event.type === "done") return;
      }
    }
  } finally {
    await reader.cancel().catch(() => undefined);
    reader.releaseLock();
  }
}
