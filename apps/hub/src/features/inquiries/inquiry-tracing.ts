import type { Inquiry } from "@inquiry-hub/protocol";
import type { DeliveryChannel } from "./inquiry-metrics";

/**
 * W3C trace context (`traceparent`, `tracestate`) of the span that opened an inquiry. Kept
 * beside the record in every store and on the `inquiry.created` event, never on the
 * `Inquiry` itself, so it reaches no device and no wire shape; whichever node fans the
 * inquiry out or receives its answer parents its span on it.
 */
export interface TraceCarrier {
  traceparent: string;
  tracestate?: string | undefined;
}

/** Trace context fields as a caller sent them (MCP `_meta`, HTTP headers): not yet checked. */
export interface UncheckedTraceCarrier {
  traceparent?: unknown;
  tracestate?: unknown;
}

/** Ends a span; `outcome` (e.g. the inquiry's final status) or the error that ended it. */
export type EndSpan = (ending?: { outcome?: string; error?: unknown }) => void;

/** The server span of one tool call that may open an inquiry and wait for its resolution. */
export interface TracedToolCall {
  /** The call's own context, stored with the inquiry it opens; undefined when tracing is off. */
  readonly carrier: TraceCarrier | undefined;
  /** Names the inquiry the call opened (or follows) on the span. */
  opened(inquiry: Inquiry): void;
  /** Records the short span of handing `inquiry`'s final state back to the caller. */
  returned(inquiry: Inquiry): void;
  end: EndSpan;
}

/**
 * Where the inquiry lifecycle records spans. Core calls it at the moments that matter and
 * never learns about OpenTelemetry (features/inquiries/adapters (otel-inquiry-tracing.ts) implements it). Carriers a caller sent are
 * untrusted: a malformed one is ignored (the span starts a new trace), never an error.
 * Implementations must be cheap when tracing is off and must not throw.
 */
export interface InquiryTracing {
  /** False when no tracer is configured: callers skip work only spans need (a store read). */
  readonly enabled: boolean;
  /**
   * Starts the server span of tool `toolName`; its parent is the first valid carrier of
   * `parents` (the request's `_meta` first, then its HTTP headers).
   */
  startToolCall(toolName: string, parents: readonly UncheckedTraceCarrier[]): TracedToolCall;
  /** Starts the span of bringing a new inquiry to this node's devices through `channel`. */
  startFanOut(
    parent: TraceCarrier | undefined,
    inquiry: Inquiry,
    channel: DeliveryChannel,
  ): EndSpan;
  /** Starts the span of a person's answer received on this node. */
  startAnswer(parent: TraceCarrier | undefined, inquiry: Inquiry): EndSpan;
}

const endNothing: EndSpan = () => undefined;

const UNTRACED_TOOL_CALL: TracedToolCall = {
  carrier: undefined,
  opened: () => undefined,
  returned: () => undefined,
  end: endNothing,
};

/** Tracing off: records nothing and allocates nothing per call. */
export const NO_INQUIRY_TRACING: InquiryTracing = {
  enabled: false,
  startToolCall: () => UNTRACED_TOOL_CALL,
  startFanOut: () => endNothing,
  startAnswer: () => endNothing,
};
