import { z } from "zod";
import type { TraceCarrier, UncheckedTraceCarrier } from "../inquiry-tracing";

/**
 * W3C Trace Context limits (https://www.w3.org/TR/trace-context/): a version-00 `traceparent`
 * is exactly `00-<32 hex trace id>-<16 hex span id>-<2 hex flags>`; a `tracestate` longer
 * than 512 characters may be dropped whole, which spares storing what a caller inflates.
 */
const TRACEPARENT_PATTERN = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;
export const MAX_TRACESTATE_LENGTH = 512;

/** A stored or received trace context: a valid traceparent, and a tracestate within bounds. */
export const TraceCarrierSchema = z.object({
  traceparent: z
    .string()
    .regex(TRACEPARENT_PATTERN, "traceparent must be a W3C version-00 traceparent"),
  tracestate: z
    .string()
    .max(MAX_TRACESTATE_LENGTH, `tracestate must be at most ${MAX_TRACESTATE_LENGTH} characters`)
    .optional(),
});

/**
 * The usable part of what a caller sent: undefined for a missing or malformed traceparent
 * (the span then starts a new trace); an over-long or non-string tracestate alone is dropped.
 */
export function checkTraceCarrier(unchecked: UncheckedTraceCarrier): TraceCarrier | undefined {
  const traceparent = TraceCarrierSchema.shape.traceparent.safeParse(unchecked.traceparent);
  if (!traceparent.success) return undefined;
  const tracestate = TraceCarrierSchema.shape.tracestate.safeParse(unchecked.tracestate);
  return tracestate.success && tracestate.data !== undefined
    ? { traceparent: traceparent.data, tracestate: tracestate.data }
    : { traceparent: traceparent.data };
}
