/** One stored event of a resumable stream: its id (the SSE `id:`) and its opaque message. */
export interface StreamEvent {
  id: string;
  message: string;
}

/** The events of a stream after a given event id, and the stream they belong to. */
export interface StreamReplay {
  streamId: string;
  events: StreamEvent[];
}

/**
 * Port: the events of resumable response streams (MCP Streamable HTTP's POST and GET SSE
 * streams), so a client whose connection broke can reconnect with `Last-Event-ID` and get
 * what it missed, the final result included. Event ids are ordered within their stream and
 * name it, so `after` needs nothing else. A stream keeps its newest `maxEventsPerStream`
 * events and expires `ttlMs` after its last append (the session idle timeout): replay is for
 * a reconnect within a live session, not an archive.
 */
export interface StreamEventLog {
  /** Appends `message` to `streamId` and returns the new event's id. */
  append(streamId: string, message: string): Promise<string>;
  /** The events after `eventId`, oldest first; undefined when the id is unknown or expired. */
  after(eventId: string): Promise<StreamReplay | undefined>;
}

/** Bounds of a stream event log. */
export interface StreamEventLogLimits {
  maxEventsPerStream: number;
  ttlMs: number;
}
