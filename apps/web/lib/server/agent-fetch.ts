import "server-only";
import { joinUrl, readEnv } from "../env";
import { fetchUpstream } from "./upstream";

/** One server-side call to the agent. */
export interface AgentRequest {
  method: "GET" | "POST";
  /** A run credential (chat) or the person's viewer credential (run events, cancel); never the session token. */
  token: string;
  /** Sent as JSON. */
  body?: unknown;
  /** Asks for an SSE answer. */
  stream?: boolean;
  /** The `Last-Event-ID` of a run re-attach. */
  lastEventId?: number;
  /** Ends the HTTP request (not the run, for a background one) when the browser goes away. */
  signal?: AbortSignal;
}

/**
 * The one way server code calls the agent: joins AGENT_URL and the path and adds the bearer
 * token. Undefined when the agent cannot be reached; an abort through `signal` is rethrown.
 */
export function fetchAgent(path: string, request: AgentRequest): Promise<Response | undefined> {
  const headers: Record<string, string> = { authorization: `Bearer ${request.token}` };
  if (request.body !== undefined) headers["content-type"] = "application/json";
  if (request.stream === true) headers.accept = "text/event-stream";
  if (request.lastEventId !== undefined) headers["last-event-id"] = String(request.lastEventId);
  return fetchUpstream(joinUrl(readEnv().AGENT_URL, path), {
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
    ...(request.signal === undefined ? {} : { signal: request.signal }),
  });
}

/** A 200 SSE response around `body`, unbuffered by proxies, with `headers` added (run ids). */
export function sseResponse(
  body: ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
): Response {
  return new Response(body, {
    status: 200,
    headers: {
      ...headers,
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
