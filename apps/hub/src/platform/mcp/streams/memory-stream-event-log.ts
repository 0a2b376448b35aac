import { parseEventId, toEventId } from "./event-id";
import type { StreamEventLog, StreamEventLogLimits } from "./ports";

interface Stream {
  nextSequence: number;
  events: { sequence: number; message: string }[];
  expiresAtMs: number;
}

/**
 * How often, at most, an append looks for expired streams. Every call opens a stream of its
 * own, so looking on every append cost more allocation than the events themselves; a stream
 * left behind is refused once expired anyway (see `after`), the sweep only frees its memory.
 */
const SWEEP_EVERY_MS = 1_000;

/**
 * The stream event log of a single in-memory node: a bounded array per stream, trimmed to
 * its newest `maxEventsPerStream` on every append; an expired stream is refused when asked
 * for and dropped by the next sweep, which an append runs at most once a second.
 */
export function createMemoryStreamEventLog(
  limits: StreamEventLogLimits,
  now: () => number = Date.now,
): StreamEventLog {
  // Kept in order of last append (an append moves its stream to the end), so with one time to
  // live the expired streams are the oldest entries and a sweep stops at the first live one.
  const streams = new Map<string, Stream>();
  let nextSweepMs = 0;

  function sweep(nowMs: number): void {
    nextSweepMs = nowMs + SWEEP_EVERY_MS;
    for (const [id, stream] of streams) {
      if (stream.expiresAtMs > nowMs) return;
      streams.delete(id);
    }
  }

  return {
    append(streamId, message) {
      const nowMs = now();
      if (nowMs >= nextSweepMs) sweep(nowMs);
      const known = streams.get(streamId);
      if (known !== undefined) streams.delete(streamId);
      const stream = known ?? { nextSequence: 0, events: [], expiresAtMs: 0 };
      const sequence = stream.nextSequence;
      stream.nextSequence += 1;
      stream.events.push({ sequence, message });
      const excess = stream.events.length - limits.maxEventsPerStream;
      if (excess > 0) stream.events.splice(0, excess);
      stream.expiresAtMs = nowMs + limits.ttlMs;
      streams.set(streamId, stream);
      return Promise.resolve(toEventId(streamId, sequence));
    },
    after(eventId) {
      const parsed = parseEventId(eventId);
      const stream = parsed === undefined ? undefined : streams.get(parsed.streamId);
      if (parsed === undefined || stream === undefined || stream.expiresAtMs <= now())
        return Promise.resolve(undefined);
      const events = stream.events
        .filter((event) => event.sequence > parsed.sequence)
        .map((event) => ({
          id: toEventId(parsed.streamId, event.sequence),
          message: event.message,
        }));
      return Promise.resolve({ streamId: parsed.streamId, events });
    },
  };
}
