/**
 * Loaded into a server process with `--import` by bench/frames-per-cycle.ts: counts every write
 * the process hands its TCP sockets (each `_write`/`_writev` of a `net.Socket` is one write
 * request to the kernel), with the bytes and, on websocket connections, the frames in it
 * labelled by their Socket.IO event. On SIGUSR2 it writes what it counted since the last
 * signal to the file named by `WRITE_TALLY_FILE` (JSON, see `WriteTally`) and starts again;
 * `WRITE_TALLY_PREVIEW` is how many bytes of each other write it keeps (60).
 * Only Node's own modules: it runs in the built hub as well as in the floors, and costs the
 * process nothing that matters for counting (it is never loaded by a timed run).
 */
import { subscribe } from "node:diagnostics_channel";
import { writeFileSync } from "node:fs";
import type { IncomingMessage } from "node:http";
import { Socket } from "node:net";

/** One write request: the connection it went to, its bytes and what it carried. */
export interface TalliedWrite {
  socket: string;
  bytes: number;
  /** Websocket frames by label (`event:<name>`, `ack`, `ping`…); a preview of anything else. */
  carried: string[];
}

export interface WriteTally {
  writes: TalliedWrite[];
}

interface Chunk {
  chunk: Buffer | string;
  encoding: BufferEncoding;
}

type WriteCallback = (error?: Error | null) => void;

/** The two methods through which every write of a `net.Socket` reaches its handle. */
interface WritableInternals {
  _write: (
    this: Socket,
    chunk: Buffer | string,
    encoding: BufferEncoding,
    callback: WriteCallback,
  ) => void;
  _writev: (this: Socket, chunks: Chunk[], callback: WriteCallback) => void;
}

/** How much of a write that is not websocket frames is kept as its preview. */
const PREVIEW_BYTES = Number(process.env.WRITE_TALLY_PREVIEW ?? "60");

/** What each server socket is: the last HTTP request it carried, or `websocket` once upgraded. */
const roles = new WeakMap<Socket, string>();
let counted: TalliedWrite[] = [];

subscribe("http.server.request.start", (message) => {
  const { request } = message as { request: IncomingMessage };
  const path = (request.url ?? "").split("?")[0] ?? "";
  roles.set(request.socket, `http ${request.method ?? "?"} ${path}`);
});

/** The label of one Socket.IO-over-engine.io text payload. */
function labelOf(text: string): string {
  if (text === "2") return "ping";
  if (text === "3") return "pong";
  const match = /^4([0-6])(?:\/[^,]*,)?\d*(?:\["([^"]*)")?/.exec(text);
  if (match === null) return `engine.io ${text.slice(0, 1)}`;
  if (match[1] === "2") return `event:${match[2] ?? "?"}`;
  if (match[1] === "3") return "ack";
  return `socket.io ${match[1] ?? "?"}`;
}

/** The frames of unmasked server-to-client websocket data, by label. */
function framesOf(data: Buffer): string[] {
  const frames: string[] = [];
  let offset = 0;
  while (offset + 2 <= data.length) {
    const opcode = data[offset]! & 0x0f;
    let length = data[offset + 1]! & 0x7f;
    let start = offset + 2;
    if (length === 126) {
      length = data.readUInt16BE(start);
      start += 2;
    } else if (length === 127) {
      length = Number(data.readBigUInt64BE(start));
      start += 8;
    }
    if (start + length > data.length) {
      frames.push("partial frame");
      break;
    }
    const payload = data.subarray(start, start + length);
    frames.push(opcode === 1 ? labelOf(payload.toString("utf8")) : `opcode ${opcode}`);
    offset = start + length;
  }
  return frames;
}

function record(socket: Socket, chunks: Chunk[]): void {
  const data = Buffer.concat(
    chunks.map(({ chunk, encoding }) =>
      typeof chunk === "string" ? Buffer.from(chunk, encoding) : chunk,
    ),
  );
  const head = data.subarray(0, 40).toString("latin1");
  if (head.startsWith("HTTP/1.1 101")) roles.set(socket, "websocket");
  const role = roles.get(socket) ?? "other";
  const port = socket.remotePort ?? 0;
  const carried =
    role === "websocket" && !head.startsWith("HTTP/")
      ? framesOf(data)
      : [JSON.stringify(data.subarray(0, PREVIEW_BYTES).toString("latin1"))];
  counted.push({ socket: `${role} :${port}`, bytes: data.length, carried });
}

const internals = Socket.prototype as unknown as WritableInternals;
const writeOne = internals._write;
const writeMany = internals._writev;
internals._write = function (chunk, encoding, callback) {
  record(this, [{ chunk, encoding }]);
  writeOne.call(this, chunk, encoding, callback);
};
internals._writev = function (chunks, callback) {
  record(this, chunks);
  writeMany.call(this, chunks, callback);
};

process.on("SIGUSR2", () => {
  const file = process.env.WRITE_TALLY_FILE;
  const tally: WriteTally = { writes: counted };
  counted = [];
  if (file !== undefined) writeFileSync(file, JSON.stringify(tally));
});
