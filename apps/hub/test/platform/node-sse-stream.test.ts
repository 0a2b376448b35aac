import { createServer } from "node:http";
import type { Server, ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import type { JSONRPCMessage } from "@modelcontextprotocol/server";
import { afterEach, describe, expect, it } from "vitest";
import { openSseStream } from "../../src/platform/mcp/node-sse-stream";
import type { NodeSseStream } from "../../src/platform/mcp/node-sse-stream";

type WriteCallback = (error?: Error | null) => void;

/** The two methods through which every write of a socket reaches the kernel. */
interface WritableInternals {
  _write: (chunk: unknown, encoding: BufferEncoding, callback: WriteCallback) => void;
  _writev: (chunks: unknown[], callback: WriteCallback) => void;
}

/** Counts the write requests `socket` hands the kernel from now on. */
function countWrites(socket: Socket): { readonly writes: number } {
  const internals = socket as unknown as WritableInternals;
  const writeOne = internals._write.bind(socket);
  const writeMany = internals._writev.bind(socket);
  const counter = { writes: 0 };
  internals._write = (chunk, encoding, callback) => {
    counter.writes += 1;
    writeOne(chunk, encoding, callback);
  };
  internals._writev = (chunks, callback) => {
    counter.writes += 1;
    writeMany(chunks, callback);
  };
  return counter;
}

const PING: JSONRPCMessage = { jsonrpc: "2.0", method: "notifications/message", params: {} };
const ANSWER: JSONRPCMessage = { jsonrpc: "2.0", id: 1, result: {} };

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/**
 * A server whose one response is an SSE stream handed to `use`; resolves with its URL and,
 * once a request came, the stream and the response socket's write counter.
 */
async function serve(use: (stream: NodeSseStream, res: ServerResponse) => void) {
  let counted: { readonly writes: number } | undefined;
  server = createServer((req, res) => {
    req.resume();
    counted = countWrites(res.socket!);
    use(
      openSseStream(res, "session-1", () => undefined),
      res,
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, writes: () => counted?.writes ?? 0 };
}

describe("openSseStream", () => {
  it("sends the headers, a priming event and an answer written in one turn in one socket write", async () => {
    const { url, writes } = await serve((stream) => {
      stream.prime("event-0");
      stream.write(JSON.stringify(ANSWER), "event-1");
      setTimeout(() => stream.end(), 20);
    });
    const response = await fetch(url);
    expect(response.headers.get("content-type")).toBe("text/event-stream");
    expect(response.headers.get("mcp-session-id")).toBe("session-1");
    const body = await response.text();
    expect(body).toBe(
      `id: event-0\ndata: \n\nevent: message\nid: event-1\ndata: ${JSON.stringify(ANSWER)}\n\n`,
    );
    // The headers with both events, then the end of the chunked body.
    expect(writes()).toBe(2);
  });

  it("sends the headers of a stream with nothing to say yet, without waiting for an event", async () => {
    let stream: NodeSseStream | undefined;
    const { url, writes } = await serve((opened) => (stream = opened));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(writes()).toBe(1);
    stream!.write(JSON.stringify(PING));
    stream!.end();
    expect(await response.text()).toBe(`event: message\ndata: ${JSON.stringify(PING)}\n\n`);
  });

  it("sends what a turn gathered together with the end of the response", async () => {
    const { url, writes } = await serve((stream) => {
      setTimeout(() => {
        stream.write(JSON.stringify(PING), "event-1");
        stream.write(JSON.stringify(ANSWER), "event-2");
        stream.end();
      }, 20);
    });
    const response = await fetch(url);
    const body = await response.text();
    expect(body).toBe(
      `event: message\nid: event-1\ndata: ${JSON.stringify(PING)}\n\n` +
        `event: message\nid: event-2\ndata: ${JSON.stringify(ANSWER)}\n\n`,
    );
    // The headers (flushed at the end of their turn), then both events with the end.
    expect(writes()).toBe(2);
  });

  it("writes nothing once the client has gone", async () => {
    let stream: NodeSseStream | undefined;
    let closed: Promise<void> | undefined;
    const { url } = await serve((opened, res) => {
      stream = opened;
      closed = new Promise((resolve) => res.once("close", () => resolve()));
    });
    const aborter = new AbortController();
    await fetch(url, { signal: aborter.signal });
    aborter.abort();
    await closed;
    expect(stream!.open).toBe(false);
    expect(stream!.write(JSON.stringify(PING))).toBe(false);
  });
});
