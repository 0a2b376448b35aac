import type { ServerResponse } from "node:http";

/** How often an idle SSE response gets a comment line, so proxies do not cut it. */
const KEEP_ALIVE_MS = 15_000;

/** One open `text/event-stream` response of an MCP session, written straight to Node's socket. */
export interface NodeSseStream {
  /**
   * Writes one event, `json` being its JSON-RPC message's JSON text; false once the response is
   * gone (the event is then the store's to replay).
   */
  write(json: string, eventId?: string): boolean;
  /** Writes a priming event: an id with empty data, so the client can resume from the start. */
  prime(eventId: string): void;
  /** Ends the response (the client may reconnect with Last-Event-ID). */
  end(): void;
  readonly open: boolean;
}

/**
 * Sends the SSE headers on `res` and returns its writer. `onGone` runs once, when the
 * response ends from either side, so the transport forgets the stream.
 *
 * What one turn of the event loop writes (the headers, the priming event, an answer and the
 * end of the response) leaves in one socket write at the end of that turn: each write costs a
 * system call, and a held call's stream used to make five where a plain response makes one.
 * Events are only gathered, never held past the turn, so clients see them as soon as before.
 */
export function openSseStream(
  res: ServerResponse,
  sessionId: string | undefined,
  onGone: () => void,
): NodeSseStream {
  res.writeHead(200, {
    "content-type": "text/event-stream",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
    ...(sessionId === undefined ? {} : { "mcp-session-id": sessionId }),
  });
  const pending: string[] = [];
  let flushScheduled = false;
  // res.headersSent turns true at writeHead, before anything reached the socket.
  let started = false;
  const flush = (): void => {
    flushScheduled = false;
    if (res.writableEnded || res.destroyed) return;
    if (pending.length > 0) res.write(pending.splice(0).join(""));
    else if (!started) res.flushHeaders();
    started = true;
  };
  const enqueue = (text: string): void => {
    pending.push(text);
    if (flushScheduled) return;
    flushScheduled = true;
    setImmediate(flush);
  };
  flushScheduled = true;
  setImmediate(flush);
  let open = true;
  const keepAlive = setInterval(() => enqueue(": keepalive\n\n"), KEEP_ALIVE_MS);
  keepAlive.unref();
  const gone = (): void => {
    if (!open) return;
    open = false;
    clearInterval(keepAlive);
    onGone();
  };
  res.once("close", gone);
  return {
    get open() {
      return open && !res.writableEnded;
    },
    write(json, eventId) {
      if (!open || res.writableEnded) return false;
      const id = eventId === undefined ? "" : `id: ${eventId}\n`;
      enqueue(`event: message\n${id}data: ${json}\n\n`);
      return true;
    },
    prime(eventId) {
      if (open) enqueue(`id: ${eventId}\ndata: \n\n`);
    },
    end() {
      gone();
      if (!res.writableEnded) res.end(pending.splice(0).join(""));
    },
  };
}
