import type { IncomingMessage, ServerResponse } from "node:http";
import type { AuthInfo } from "@modelcontextprotocol/server";

/** The SDK handler's fetch face, as `createMcpHandler` returns it. */
export type FetchFace = (
  request: Request,
  options?: { authInfo?: AuthInfo; parsedBody?: unknown },
) => Promise<Response>;

/** Headers the handler never needs: the caller arrives as `authInfo`, already checked. */
const CREDENTIAL_HEADERS = new Set(["authorization", "cookie", "proxy-authorization"]);

/**
 * The web Request the SDK's handler is given for a body Express already parsed: the path and
 * query on a fixed origin (a forged Host header cannot move the query the options are read
 * from), the method, the headers but credentials (the SDK reads the MCP ones and the content
 * type, a handler the trace ones) and the signal that fires when the client goes away. No
 * body: the handler is handed the parsed value and never reads one.
 */
function headerOnlyRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name.startsWith(":") || CREDENTIAL_HEADERS.has(name)) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return new Request(new URL(req.url ?? "/", "http://localhost"), {
    method: req.method ?? "POST",
    headers,
    signal,
  });
}

/** Copies a streamed answer (SSE) to `res`, waiting for the socket when it is full. */
async function pipeBody(body: ReadableStream<Uint8Array>, res: ServerResponse, gone: AbortSignal) {
  const reader = body.getReader();
  const stop = () => void reader.cancel().catch(() => undefined);
  gone.addEventListener("abort", stop, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || gone.aborted) break;
      if (!res.write(value))
        await new Promise<void>((resolve) => {
          res.once("drain", resolve);
          gone.addEventListener("abort", () => resolve(), { once: true });
        });
    }
  } catch {
    // The client went away or the SDK ended the stream in error: the response just ends.
  } finally {
    gone.removeEventListener("abort", stop);
  }
}

/**
 * Serves one request through the SDK's handler on Node's own objects: a header-only web
 * Request in, and its Response written to `res` (a JSON answer in one write, an SSE answer as
 * it streams). The request's signal fires when the response closes before the answer ended.
 */
export async function serveThroughFetchFace(
  fetchFace: FetchFace,
  req: IncomingMessage & { auth?: AuthInfo },
  res: ServerResponse,
  parsedBody: unknown,
): Promise<void> {
  const gone = new AbortController();
  let finished = false;
  res.once("close", () => {
    if (!finished) gone.abort();
  });
  const response = await fetchFace(headerOnlyRequest(req, gone.signal), {
    ...(req.auth === undefined ? {} : { authInfo: req.auth }),
    parsedBody,
  });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (response.body !== null) {
    if (response.headers.get("content-type")?.startsWith("text/event-stream") === true)
      await pipeBody(response.body, res, gone.signal);
    else res.write(Buffer.from(await response.arrayBuffer()));
  }
  finished = true;
  res.end();
}
