import type { IncomingMessage } from "node:http";

/**
 * The web Request a tool handler sees as `ctx.http.req`, built only for a request that carries
 * W3C trace headers: they are all the hub reads from it (call-trace-context.ts), and building a
 * web Request for every message is the per-call cost NodeHttpTransport exists to avoid (so is
 * an empty `Headers`: a request without them gets nothing built). It holds the trace headers
 * only, never the body or credentials.
 */
export function traceRequest(req: IncomingMessage): Request | undefined {
  const { traceparent, tracestate } = req.headers;
  if (typeof traceparent !== "string" && typeof tracestate !== "string") return undefined;
  const headers = new Headers();
  if (typeof traceparent === "string") headers.set("traceparent", traceparent);
  if (typeof tracestate === "string") headers.set("tracestate", tracestate);
  return new Request(new URL(req.url ?? "/", "http://localhost"), {
    method: req.method ?? "POST",
    headers,
  });
}
