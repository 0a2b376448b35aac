import { parseEventId, toEventId } from "./event-id";
import type { StreamEventLog, StreamEventLogLimits } from "./ports";

interface Stream {
  nextSequence: number;
  events: { sequence: number; message: string }[];
  expiresAtMs: number;
}

/** Expired streams dropped per append, so abandoned streams do not pile up. */
const SWEEP_BATCH = 100;

/**
 * The stream event log of a single in-memory node: a bounded array per stream, trimmed to
 * its newest `maxEventsPerStream` on every append; expired streams are dropped when touched
 * and, a bounded batch at a time, on every append.
 */
export function createMemoryStreamEventLog(
  limits: StreamEventLogLimits,
  now: () => number = Date.now,
): StreamEventLog {
  const streams = new Map<string, Stream>();

  function sweep(nowMs: number): void {
    let checked = 0;
    for (const [id, stream] of streams) {
      if (checked++ >= SWEEP_BATCH) return;
      if (stream.expiresAtMs <= nowMs) streams.delete(id);
    }
  }

  return {
    append(streamId, message) {
      const nowMs = now();
      sweep(nowMs);
      const stream = streams.get(streamId) ?? { nextSequence: 0, events: [], expiresAtMs: 0 };
      const sequence = stream.nextSequence;
      stream.nextSequence += 1;
      stream.events.push({ sequence, message });
      stream.events.splice(0, Math.max(0, stream.events.length - limits.maxEventsPerStream));
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
