import "server-only";
import { createParser } from "eventsource-parser";
import { parseAgentSseData, replyPartsFromEvents } from "@inquiry-hub/protocol";
import type { AgentStreamEvent, ReplyPart, UpdateTurnBody } from "@inquiry-hub/protocol";

/** A final turn status: how a stream the web relayed ended. */
export type FinalTurnStatus = Exclude<UpdateTurnBody["status"], "running">;

/** How the relayed stream stopped: read to its end, broke, or the browser went away. */
export type StreamEnding = "closed" | "broken" | "cancelled";

/**
 * The turn status a relayed stream ended with: `cancelled` when the browser left (the run was
 * bound to its request), `failed` when the stream broke, carried an error or ended without
 * `[DONE]`, else `completed`.
 */
export function statusOfEnding(
  ending: StreamEnding,
  sawDone: boolean,
  reply: readonly ReplyPart[],
): FinalTurnStatus {
  if (ending === "cancelled") return "cancelled";
  if (ending === "broken" || !sawDone || reply.some((part) => part.type === "error"))
    return "failed";
  return "completed";
}

/**
 * `body` passed through byte for byte while its SSE events are folded into a reply; `onEnd`
 * gets the final status and the reply exactly once, when the stream completes, errors or is
 * cancelled by the reader. This is how a reply from a backend without the run API still
 * lands in the conversation: the web writes it, since no agent run will.
 */
export function recordReply(
  body: ReadableStream<Uint8Array>,
  onEnd: (status: FinalTurnStatus, reply: ReplyPart[]) => void,
): ReadableStream<Uint8Array> {
  const events: AgentStreamEvent[] = [];
  let sawDone = false;
  let ended = false;
  const parser = createParser({
    onEvent(message) {
      const event = parseAgentSseData(message.data);
      if (event.type === "done") sawDone = true;
      else if (event.type !== "ignored") events.push(event);
    },
  });
  const decoder = new TextDecoder();
  const end = (ending: StreamEnding): void => {
    if (ended) return;
    ended = true;
    parser.feed(`${decoder.decode()}\n\n`);
    const reply = replyPartsFromEvents(events);
    onEnd(statusOfEnding(ending, sawDone, reply), reply);
  };
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          end("closed");
          return;
        }
        parser.feed(decoder.decode(value, { stream: true }));
        controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        end("broken");
      }
    },
    async cancel(reason) {
      end("cancelled");
      await reader.cancel(reason);
    },
  });
}
