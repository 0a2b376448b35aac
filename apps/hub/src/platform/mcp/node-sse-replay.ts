import type { EventStore, JSONRPCMessage } from "@modelcontextprotocol/server";

/** What a Last-Event-ID reconnect gets: the stream it resumes and the events it missed. */
export interface Replay {
  streamId: string;
  events: { eventId: string; message: JSONRPCMessage }[];
}

/**
 * Reads the events after `lastEventId` from `store` before any response is written, so an
 * unknown or foreign event id is still refused with an HTTP error rather than a broken stream.
 */
export async function replayInto(store: EventStore, lastEventId: string): Promise<Replay> {
  const events: Replay["events"] = [];
  const streamId = await store.replayEventsAfter(lastEventId, {
    send: (eventId, message) => {
      events.push({ eventId, message });
      return Promise.resolve();
    },
  });
  return { streamId, events };
}
