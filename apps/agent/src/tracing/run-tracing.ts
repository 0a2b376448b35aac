import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  defaultTextMapSetter,
  trace,
} from "@opentelemetry/api";
import type { Context, Span, TracerProvider } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";

/** Span names, stable for dashboards (documented in the README). */
export const AGENT_SPAN_NAMES = {
  run: "chat run",
  toolCall: (tool: string) => `MCP tools/call ${tool}`,
} as const;

/** Span attribute keys: identifiers and outcomes only, never messages or tool arguments. */
export const AGENT_SPAN_ATTRIBUTES = {
  runId: "inquiry_hub.run.id",
  model: "gen_ai.request.model",
  outcome: "inquiry_hub.run.outcome",
  toolName: "gen_ai.tool.name",
  rpcMethod: "mcp.method.name",
} as const;

/**
 * The W3C trace context of a tool call, sent twice: as HTTP headers of the MCP request and in
 * its `params._meta` (the MCP keys are `traceparent`/`tracestate` too), so the hub can parent
 * its spans even behind a proxy that drops unknown headers. Empty when tracing is off.
 */
export type TracePropagation = Readonly<Record<string, string>>;

/** The span of one chat run, parent of its tool calls' spans. */
export interface RunTrace {
  /** Runs `call` inside the client span of tool `tool`; `call` sends `propagation` along. */
  toolCall<T>(tool: string, call: (propagation: TracePropagation) => Promise<T>): Promise<T>;
  /** Ends the run's span with how it ended ("completed", "failed", "cancelled"). */
  end(outcome: string, error?: unknown): void;
}

/** Starts run spans; one per agent instance. */
export interface RunTracer {
  startRun(runId: string, model: string): RunTrace;
}

const NO_PROPAGATION: TracePropagation = Object.freeze({});

/** A run traced nowhere: tool calls run as they are. */
export const UNTRACED_RUN: RunTrace = {
  toolCall: (_tool, call) => call(NO_PROPAGATION),
  end: () => undefined,
};

/** Tracing off: no span, no allocation per run or call. */
export const NO_RUN_TRACER: RunTracer = { startRun: () => UNTRACED_RUN };

const propagator = new W3CTraceContextPropagator();

function propagationOf(context: Context): TracePropagation {
  const carrier: Record<string, string> = {};
  propagator.inject(context, carrier, defaultTextMapSetter);
  return carrier;
}

function failed(span: Span, error: unknown): void {
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.name : "error",
  });
}

/**
 * Run spans through `provider`: never the global provider, so several agents (and hubs) in one
 * process trace apart. Contexts are passed explicitly, so no context manager is needed.
 */
export function createRunTracer(provider: TracerProvider): RunTracer {
  const tracer = provider.getTracer("@inquiry-hub/agent");
  return {
    startRun(runId, model) {
      const run = tracer.startSpan(
        AGENT_SPAN_NAMES.run,
        {
          kind: SpanKind.INTERNAL,
          attributes: {
            [AGENT_SPAN_ATTRIBUTES.runId]: runId,
            [AGENT_SPAN_ATTRIBUTES.model]: model,
          },
        },
        ROOT_CONTEXT,
      );
      const runContext = trace.setSpan(ROOT_CONTEXT, run);
      return {
        async toolCall(tool, call) {
          const span = tracer.startSpan(
            AGENT_SPAN_NAMES.toolCall(tool),
            {
              kind: SpanKind.CLIENT,
              attributes: {
                [AGENT_SPAN_ATTRIBUTES.toolName]: tool,
                [AGENT_SPAN_ATTRIBUTES.rpcMethod]: "tools/call",
              },
            },
            runContext,
          );
          try {
            return await call(propagationOf(trace.setSpan(runContext, span)));
          } catch (error) {
            failed(span, error);
            throw error;
          } finally {
            span.end();
          }
        },
        end(outcome, error) {
          run.setAttribute(AGENT_SPAN_ATTRIBUTES.outcome, outcome);
          if (error !== undefined) failed(run, error);
          run.end();
        },
      };
    },
  };
}
