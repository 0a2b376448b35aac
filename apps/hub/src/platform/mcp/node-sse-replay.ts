import type { ServerResponse } from "node:http";
import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";
import { REFUSALS, sendRefusal } from "./node-http-refusals";
import { openSseStream } from "./node-sse-stream";
import type { NodeSseStream } from "./node-sse-stream";

/** What a Last-Event-ID reconnect gets: the stream it resumes and the events it missed. */
interface Replay {
  streamId: string;
  events: { eventId: string; message: JSONRPCMessage }[];
}

/** An open response stream and the event ids a replay already wrote to it. */
export interface SessionStream {
  sse: NodeSseStream;
  replayed?: Set<string>;
}

/** The parts of a session transport a Last-Event-ID reconnect reads and changes. */
export interface ReplayTarget {
  readonly sessionId: string | undefined;
  /** True once the session is closed (read after the store's answer, which may take a while). */
  isClosed(): boolean;
  /** Stream id → its open response; the replay's response takes the resumed stream's place. */
  readonly streams: Map<string, SessionStream>;
  /** True while the stream still has answers (or, for the GET stream, notifications) to come. */
  isAnswering(streamId: string): boolean;
  /** Drops a stream that ended, unless another response has taken its place meanwhile. */
  forget(streamId: string, sse: NodeSseStream): void;
  onerror(error: Error): void;
}

/**
 * Reads the events after `lastEventId` from `store` before any response is written, so an
 * unknown or foreign event id is still refused with an HTTP error rather than a broken stream.
 */
async function replayInto(store: EventStore, lastEventId: string): Promise<Replay> {
  const events: Replay["events"] = [];
  const streamId = await store.replayEventsAfter(lastEventId, {
    send: (eventId, message) => {
      events.push({ eventId, message });
      return Promise.resolve();
    },
  });
  return { streamId, events };
}

/**
 * Answers a GET carrying Last-Event-ID: the missed events of the stream it names, then, while
 * that stream still has answers to come, the stream itself on this response (the events the
 * replay wrote are not written twice). A stream that is done ends after its replay.
 */
export async function resumeStream(
  res: ServerResponse,
  store: EventStore,
  lastEventId: string,
  target: ReplayTarget,
): Promise<void> {
  const replayed = await replayInto(store, lastEventId).catch((error: unknown) => {
    target.onerror(error instanceof Error ? error : new Error(String(error)));
    return undefined;
  });
  if (replayed === undefined) return sendRefusal(res, REFUSALS.replayFailed);
  if (target.isClosed()) return sendRefusal(res, REFUSALS.sessionNotFound);
  const { streamId, events } = replayed;
  const sse = openSseStream(res, target.sessionId, () => target.forget(streamId, sse));
  for (const event of events) sse.write(JSON.stringify(event.message), event.eventId);
  target.streams.get(streamId)?.sse.end();
  if (!target.isAnswering(streamId)) return sse.end();
  target.streams.set(streamId, { sse, replayed: new Set(events.map((event) => event.eventId)) });
}
