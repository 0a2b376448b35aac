import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  defaultTextMapGetter,
  defaultTextMapSetter,
  trace,
} from "@opentelemetry/api";
import type { Attributes, Context, Span, TracerProvider } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import type { Inquiry } from "@inquiry-hub/protocol";
import type {
  EndSpan,
  InquiryTracing,
  TraceCarrier,
  TracedToolCall,
  UncheckedTraceCarrier,
} from "../inquiry-tracing";
import { checkTraceCarrier } from "./trace-carrier";

/**
 * Span names, stable for dashboards and alerts (documented in docs/deploying/observability.md,
 * "Traces (OpenTelemetry)").
 */
export const HUB_SPAN_NAMES = {
  toolCall: (tool: string) => `tools/call ${tool}`,
  fanOut: "inquiry fan-out",
  answer: "inquiry answer",
  toolResult: "inquiry tool result",
} as const;

/**
 * Span attribute keys. Only identifiers, kinds and outcomes: never tool arguments, questions
 * or answer text, which may hold personal data that must not leave for a tracing backend.
 */
export const HUB_SPAN_ATTRIBUTES = {
  nodeId: "inquiry_hub.node.id",
  inquiryId: "inquiry_hub.inquiry.id",
  inquiryType: "inquiry_hub.inquiry.type",
  outcome: "inquiry_hub.inquiry.outcome",
  channel: "inquiry_hub.channel",
  toolName: "gen_ai.tool.name",
  rpcMethod: "mcp.method.name",
} as const;

const propagator = new W3CTraceContextPropagator();

/** The context to start a child of `carrier` in; the root (a new trace) without a valid one. */
function contextOf(carrier: TraceCarrier | undefined): Context {
  if (carrier === undefined) return ROOT_CONTEXT;
  return propagator.extract(ROOT_CONTEXT, { ...carrier }, defaultTextMapGetter);
}

/** `span`'s own trace context, as stored and sent on. */
function carrierOf(span: Span): TraceCarrier | undefined {
  const carrier: Record<string, string> = {};
  propagator.inject(trace.setSpan(ROOT_CONTEXT, span), carrier, defaultTextMapSetter);
  return checkTraceCarrier(carrier);
}

function inquiryAttributes(inquiry: Inquiry): Attributes {
  return {
    [HUB_SPAN_ATTRIBUTES.inquiryId]: inquiry.id,
    [HUB_SPAN_ATTRIBUTES.inquiryType]: inquiry.type,
  };
}

function ender(span: Span): EndSpan {
  return (ending) => {
    if (ending?.outcome !== undefined)
      span.setAttribute(HUB_SPAN_ATTRIBUTES.outcome, ending.outcome);
    if (ending?.error !== undefined) {
      const error = ending.error;
      span.setStatus({
        code: SpanStatusCode.ERROR,
        message: error instanceof Error ? error.name : "error",
      });
    }
    span.end();
  };
}

/**
 * Inquiry spans through `provider` (one per hub instance, never the global one, so several
 * hubs in one process trace apart). Every span names `nodeId`, so a trace shows which node
 * did what. Error statuses carry the error's class name only: messages can quote user input.
 */
export function createOtelInquiryTracing(provider: TracerProvider, nodeId: string): InquiryTracing {
  const tracer = provider.getTracer("@inquiry-hub/hub");
  const nodeAttribute = { [HUB_SPAN_ATTRIBUTES.nodeId]: nodeId };

  function startChild(
    name: string,
    parent: TraceCarrier | undefined,
    attributes: Attributes,
    kind = SpanKind.INTERNAL,
  ): Span {
    return tracer.startSpan(
      name,
      { kind, attributes: { ...nodeAttribute, ...attributes } },
      contextOf(parent),
    );
  }

  return {
    enabled: true,

    startToolCall(toolName, parents: readonly UncheckedTraceCarrier[]): TracedToolCall {
      const parent = parents.map(checkTraceCarrier).find((carrier) => carrier !== undefined);
      const span = startChild(
        HUB_SPAN_NAMES.toolCall(toolName),
        parent,
        { [HUB_SPAN_ATTRIBUTES.toolName]: toolName, [HUB_SPAN_ATTRIBUTES.rpcMethod]: "tools/call" },
        SpanKind.SERVER,
      );
      const carrier = carrierOf(span);
      return {
        carrier,
        opened(inquiry) {
          span.setAttributes(inquiryAttributes(inquiry));
        },
        returned(inquiry) {
          const result = startChild(HUB_SPAN_NAMES.toolResult, carrier, {
            ...inquiryAttributes(inquiry),
            [HUB_SPAN_ATTRIBUTES.outcome]: inquiry.status,
          });
          span.setAttribute(HUB_SPAN_ATTRIBUTES.outcome, inquiry.status);
          result.end();
        },
        end: ender(span),
      };
    },

    startFanOut(parent, inquiry, channel) {
      return ender(
        startChild(HUB_SPAN_NAMES.fanOut, parent, {
          ...inquiryAttributes(inquiry),
          [HUB_SPAN_ATTRIBUTES.channel]: channel,
        }),
      );
    },

    startAnswer(parent, inquiry) {
      return ender(startChild(HUB_SPAN_NAMES.answer, parent, inquiryAttributes(inquiry)));
    },
  };
}
