/**
 * An event id: `<streamId>/<sequence>`. The SDK's stream ids are UUIDs (or `_GET_stream`),
 * never containing `/`, so the last `/` splits it back.
 */
export function toEventId(streamId: string, sequence: number): string {
  return `${streamId}/${sequence}`;
}

/** The stream and sequence of an event id, or undefined when it is not one of ours. */
export function parseEventId(eventId: string): { streamId: string; sequence: number } | undefined {
  const slash = eventId.lastIndexOf("/");
  const sequence = Number(eventId.slice(slash + 1));
  if (slash <= 0 || !Number.isSafeInteger(sequence) || sequence < 0) return undefined;
  return { streamId: eventId.slice(0, slash), sequence };
}
