import type { IncomingMessage } from "node:http";

const TRACE_HEADERS = ["traceparent", "tracestate"] as const;

/**
 * The web Request a tool handler sees as `ctx.http.req`, built only for a request that carries
 * W3C trace headers: they are all the hub reads from it (call-trace-context.ts), and building a
 * web Request for every message is the per-call cost NodeHttpTransport exists to avoid. It
 * holds the trace headers only, never the body or credentials.
 */
export function traceRequest(req: IncomingMessage): Request | undefined {
  const headers = new Headers();
  for (const name of TRACE_HEADERS) {
    const value = req.headers[name];
    if (typeof value === "string") headers.set(name, value);
  }
  if (!headers.has("traceparent") && !headers.has("tracestate")) return undefined;
  return new Request(new URL(req.url ?? "/", "http://localhost"), {
    method: req.method ?? "POST",
    headers,
  });
}
