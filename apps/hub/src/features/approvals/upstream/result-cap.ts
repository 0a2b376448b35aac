import { ProtocolErrorCode } from "@modelcontextprotocol/client";
import type { FetchLike } from "@modelcontextprotocol/client";
import { z } from "zod";

/** The hub's default cap on one upstream response (HUB_UPSTREAM_MAX_RESULT_BYTES): 8 MiB. */
export const DEFAULT_MAX_RESULT_BYTES = 8 * 1024 * 1024;

const LF = 0x0a;
const CR = 0x0d;
const MIB = 1024 * 1024;

/** The id of the JSON-RPC request a POST carries; its response is what may be too large. */
const RequestIdSchema = z.object({ id: z.union([z.string(), z.number()]) });

function requestIdOf(body: unknown): string | number | undefined {
  if (typeof body !== "string") return undefined;
  try {
    const parsed = RequestIdSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data.id : undefined;
  } catch {
    return undefined;
  }
}

function mebibytes(bytes: number): string {
  return `${(bytes / MIB).toFixed(1)} MiB`;
}

/** What the agent reads: the size seen, the cap, and that the upstream may have acted. */
export function resultTooLargeText(capBytes: number, size: { declared?: number; atLeast: number }) {
  const seen =
    size.declared === undefined ? `more than ${mebibytes(size.atLeast)}` : mebibytes(size.declared);
  return `the upstream's response (${seen}) is over the hub's result cap of ${mebibytes(capBytes)} (${capBytes} bytes, max_result_bytes); it was not relayed, though the upstream may have run the request`;
}

/** The JSON-RPC error the hub answers in place of an oversized response to request `id`. */
function tooLargeResponse(id: string | number, text: string): string {
  const error = { code: ProtocolErrorCode.InternalError, message: text };
  return JSON.stringify({ jsonrpc: "2.0", id, error });
}

/**
 * Indexes just past each blank line (the end of an SSE event) in `chunk`, carrying the line
 * state across chunks; `\r\n`, `\n` and `\r` all end a line.
 */
function createEventBoundaries(): (chunk: Uint8Array) => number[] {
  let atLineStart = true;
  let afterCR = false;
  return (chunk) => {
    const ends: number[] = [];
    for (let index = 0; index < chunk.length; index += 1) {
      const byte = chunk[index];
      if (byte === LF && afterCR) {
        afterCR = false;
        continue;
      }
      afterCR = byte === CR;
      if (byte !== LF && byte !== CR) atLineStart = false;
      else if (atLineStart) ends.push(index + 1);
      else atLineStart = true;
    }
    return ends;
  };
}

/**
 * An SSE body passed on one whole event at a time, each at most `capBytes`: an event growing
 * past it is dropped unread and the stream ends with `replacement` (the request's error), or
 * errors when there is none (the standalone GET stream, which the SDK reopens).
 */
function capEvents(
  body: ReadableStream<Uint8Array>,
  capBytes: number,
  replacement: ((atLeast: number) => string) | undefined,
): ReadableStream<Uint8Array> {
  const boundaries = createEventBoundaries();
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        let start = 0;
        const overflow = (): void => {
          const atLeast = pendingBytes;
          pending = [];
          if (replacement === undefined) {
            controller.error(new Error(resultTooLargeText(capBytes, { atLeast })));
            return;
          }
          controller.enqueue(new TextEncoder().encode(`data: ${replacement(atLeast)}\n\n`));
          controller.terminate();
        };
        for (const end of boundaries(chunk)) {
          pending.push(chunk.subarray(start, end));
          pendingBytes += end - start;
          if (pendingBytes > capBytes) return overflow();
          controller.enqueue(Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
          start = end;
        }
        pending.push(chunk.subarray(start));
        pendingBytes += chunk.length - start;
        if (pendingBytes > capBytes) overflow();
      },
      flush(controller) {
        if (pendingBytes > 0) controller.enqueue(Buffer.concat(pending));
      },
    }),
  );
}

/** A JSON body read whole, refused once past `capBytes` (by its Content-Length when it has one). */
async function capJson(
  response: Response,
  body: ReadableStream<Uint8Array>,
  capBytes: number,
  replacement: (size: { declared?: number; atLeast: number }) => string,
): Promise<Response> {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  const init = { status: response.status, statusText: response.statusText, headers };
  const declared = Number(response.headers.get("content-length") ?? Number.NaN);
  if (declared > capBytes) {
    await body.cancel();
    return new Response(replacement({ declared, atLeast: 0 }), init);
  }
  const chunks: Uint8Array[] = [];
  let received = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    received += chunk.length;
    if (received > capBytes) {
      await body.cancel().catch(() => undefined);
      return new Response(replacement({ atLeast: received }), init);
    }
  }
  return new Response(Buffer.concat(chunks), init);
}

/**
 * A `fetch` for an upstream's Streamable HTTP transport that never lets one response past
 * `capBytes` reach the SDK's parser: a JSON body is read up to the cap, an SSE stream is
 * passed on event by event, each up to the cap. An oversized response to a request becomes
 * that request's JSON-RPC error naming the size and the cap, and the rest of the body is
 * never read, so memory stays bounded by the cap however much the upstream sends.
 *
 * @example new StreamableHTTPClientTransport(url, { fetch: createCappedFetch(8 * 1024 * 1024) })
 */
export function createCappedFetch(capBytes: number, baseFetch: FetchLike = fetch): FetchLike {
  return async (url, init) => {
    const response = await baseFetch(url, init);
    const body = response.body;
    if (!response.ok || body === null) return response;
    const id = requestIdOf(init?.body);
    const type = response.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
    if (type === "text/event-stream") {
      const replacement =
        id === undefined
          ? undefined
          : (atLeast: number) => tooLargeResponse(id, resultTooLargeText(capBytes, { atLeast }));
      const capped = capEvents(body, capBytes, replacement);
      return new Response(capped, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    }
    if (type !== "application/json" || id === undefined) return response;
    return capJson(response, body, capBytes, (size) =>
      tooLargeResponse(id, resultTooLargeText(capBytes, size)),
    );
  };
}
