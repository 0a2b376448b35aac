import { TRACEPARENT_META_KEY, TRACESTATE_META_KEY } from "@modelcontextprotocol/server";
import type { ServerContext } from "@modelcontextprotocol/server";
import type { UncheckedTraceCarrier } from "../inquiry-tracing";

/**
 * Where a tools/call request may carry its caller's W3C trace context, most specific first:
 * the request's `params._meta` (`traceparent`, `tracestate`: survives any transport and any
 * proxy that rewrites headers), then the HTTP request's headers. The values are unchecked;
 * the tracer ignores malformed ones.
 */
export function callTraceCarriers(ctx: ServerContext): UncheckedTraceCarrier[] {
  const meta = ctx.mcpReq._meta;
  const headers = ctx.http?.req?.headers;
  return [
    { traceparent: meta?.[TRACEPARENT_META_KEY], tracestate: meta?.[TRACESTATE_META_KEY] },
    {
      traceparent: headers?.get("traceparent") ?? undefined,
      tracestate: headers?.get("tracestate") ?? undefined,
    },
  ];
}
