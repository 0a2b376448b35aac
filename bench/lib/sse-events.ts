import { createParser } from "eventsource-parser";
import type { EventSourceMessage } from "eventsource-parser";

/** One SSE event of an agent run: its log position (`id:`) and its data line. */
export interface RunSseEvent {
  id: number;
  data: string;
}

/** The data line that ends every agent stream. */
export const DONE_DATA = "[DONE]";

function toRunEvent(message: EventSourceMessage): RunSseEvent {
  const id = Number(message.id);
  if (!Number.isSafeInteger(id) || id < 1)
    throw new Error(`SSE event without a log id: ${message.id}`);
  return { id, data: message.data };
}

/**
 * The events of an SSE body as they arrive, parsed with eventsource-parser like any client.
 * Breaking out of the loop cancels the body; an agent run's events always carry `id:`, so an
 * event without one is an error rather than skipped.
 */
export async function* readRunEvents(
  body: ReadableStream<Uint8Array>,
): AsyncGenerator<RunSseEvent, void, undefined> {
  const parsed: RunSseEvent[] = [];
  const parser = createParser({ onEvent: (message) => parsed.push(toRunEvent(message)) });
  const reader = body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      parser.feed(value);
      while (parsed.length > 0) yield parsed.shift()!;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}
