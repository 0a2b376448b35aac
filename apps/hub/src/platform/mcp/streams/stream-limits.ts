import type { StreamEventLogLimits } from "./ports";

/**
 * Events kept per stream: a held call's stream carries its opened meta, a heartbeat per
 * interval and the result, so this covers hours of heartbeats before the oldest drop out
 * (a resume needs only the events after the client's last one, and the result is last).
 */
const MAX_EVENTS_PER_STREAM = 2_000;

/**
 * The stream event log's bounds for a hub whose MCP sessions are reaped after
 * `sessionIdleSeconds`: a stream outlives its session's idle timeout by nothing, since a
 * replay needs the session (and its transport) still open on this node.
 */
export function streamEventLogLimits(sessionIdleSeconds: number): StreamEventLogLimits {
  return { maxEventsPerStream: MAX_EVENTS_PER_STREAM, ttlMs: sessionIdleSeconds * 1000 };
}
