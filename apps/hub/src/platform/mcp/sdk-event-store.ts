import { JSONRPCMessageSchema } from "@modelcontextprotocol/core";
import type { EventStore } from "@modelcontextprotocol/server";
import type { StreamEventLog } from "./streams/ports";

/**
 * The SDK's EventStore, which also takes an event as the JSON text the transport serialized
 * once for both the store and the stream.
 */
export interface SessionEventStore extends EventStore {
  /** Stores `json`, one JSON-RPC message's JSON text; resolves to its event id. */
  storeSerialized(streamId: string, json: string): Promise<string>;
}

/**
 * The SDK's EventStore for one MCP session, kept in the hub's stream event log. The SDK's
 * stream ids are unique only within a transport (the GET stream is always `_GET_stream`), so
 * each is stored under `<sessionId>:<streamId>`; a Last-Event-ID of another session (or not
 * ours) is refused, so one session can never replay another's messages. Replayed messages
 * are parsed as JSON-RPC again before they are sent.
 */
export function createSessionEventStore(log: StreamEventLog, sessionId: string): SessionEventStore {
  const prefix = `${sessionId}:`;
  const storeSerialized = (streamId: string, json: string) => log.append(prefix + streamId, json);
  return {
    storeEvent: (streamId, message) => storeSerialized(streamId, JSON.stringify(message)),
    storeSerialized,
    async replayEventsAfter(lastEventId, { send }) {
      const replay = lastEventId.startsWith(prefix) ? await log.after(lastEventId) : undefined;
      if (replay === undefined) throw new Error(`unknown or expired event id ${lastEventId}`);
      for (const event of replay.events)
        await send(event.id, JSONRPCMessageSchema.parse(JSON.parse(event.message)));
      return replay.streamId.slice(prefix.length);
    },
  };
}
