import "server-only";
import { jsonError } from "./api-error";

/** Largest JSON body a route handler reads by default: the hub's own `jsonBodyLimitBytes`. */
export const DEFAULT_BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Largest `POST /api/chat` body: the agent's own JSON limit (5 MB), since a larger
 * conversation could never reach it anyway.
 */
export const CHAT_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * A route handler's JSON body: `value` is the parsed JSON, or undefined when the body is empty
 * or not JSON (each handler names its own 400, or `requireJsonBody` does); `response` is the
 * 413 (or that 400) to send instead.
 */
export type JsonBody = { ok: true; value: unknown } | { ok: false; response: Response };

/**
 * The one way route handlers read a body. Refuses with 413 before reading anything when the
 * declared Content-Length is over `limitBytes`, and stops reading (413) as soon as a body
 * without one (chunked) goes over it, so an oversized upload is never buffered or parsed.
 *
 * @example
 * const body = await readJsonBody(request);
 * if (!body.ok) return body.response;
 */
export async function readJsonBody(
  request: Request,
  limitBytes: number = DEFAULT_BODY_LIMIT_BYTES,
): Promise<JsonBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > limitBytes) return tooLarge(limitBytes);
  if (request.body === null) return { ok: true, value: undefined };
  const bytes = await readAtMost(request.body, limitBytes);
  if (bytes === undefined) return tooLarge(limitBytes);
  try {
    return { ok: true, value: JSON.parse(new TextDecoder().decode(bytes)) as unknown };
  } catch {
    return { ok: true, value: undefined };
  }
}

/**
 * `readJsonBody` for a route that needs a body: an empty or non-JSON one is refused with 400
 * and `missing`, the words that say what to send.
 *
 * @example
 * const body = await requireJsonBody(request, "Send a JSON settings body.");
 * if (!body.ok) return body.response;
 */
export async function requireJsonBody(request: Request, missing: string): Promise<JsonBody> {
  const body = await readJsonBody(request);
  return body.ok && body.value === undefined
    ? { ok: false, response: jsonError("BAD_REQUEST", missing) }
    : body;
}

function tooLarge(limitBytes: number): JsonBody {
  return {
    ok: false,
    response: jsonError("PAYLOAD_TOO_LARGE", `The request body is over ${limitBytes} bytes.`),
  };
}

/**
 * The stream's bytes, or undefined as soon as they pass `limitBytes`: the rest is left unread
 * (the reader is released, not drained).
 */
async function readAtMost(
  body: ReadableStream<Uint8Array>,
  limitBytes: number,
): Promise<Uint8Array | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) return undefined;
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
