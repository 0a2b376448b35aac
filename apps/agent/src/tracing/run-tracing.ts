import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  defaultTextMapSetter,
  trace,
} from "@opentelemetry/api";
import type { Context, Span, TracerProvider } from "@opentelemetry/api";
import { W3CTraceContextPropagator } from "@opentelemetry/core";
import type { RunTracer, TracePropagation } from "../loop/run-tracer";

/** Span names, stable for dashboards (documented in docs/deploying/observability.md, "Traces"). */
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
