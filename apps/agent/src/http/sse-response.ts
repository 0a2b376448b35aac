import type { Response } from "express";

/** Sends the 200 and the headers of an SSE stream that no proxy may buffer or transform. */
export function startSse(res: Response, headers: Record<string, string> = {}): void {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-cache, no-transform");
  res.setHeader("Connection", "keep-alive");
  res.setHeader("X-Accel-Buffering", "no");
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.flushHeaders();
}

/**
 * Writes one SSE event, with an `id:` line when given (a run's log position, which the client
 * sends back as `Last-Event-ID`). Dropped once the client went away.
 */
export function writeSseEvent(res: Response, data: string, id?: number): void {
  if (res.writableEnded || res.destroyed) return;
  res.write(`${id === undefined ? "" : `id: ${id}\n`}data: ${data}\n\n`);
}
