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
