import type { RunStatus } from "@inquiry-hub/protocol";

/** How a run was asked for: answered within its HTTP request, or `background: true`. */
export type RunMode = "request" | "background";

/** How a run ended. */
export type RunOutcome = Exclude<RunStatus, "running">;

/** How one MCP tool call ended: a result (even a tool-level error text), or a thrown error. */
export type ToolCallOutcome = "ok" | "error";

/**
 * What the agent tells operators. The loop and the run manager call it; only
 * metrics/prometheus-agent-metrics.ts knows prom-client. Implementations must be cheap and
 * must not throw: they run on every tool call.
 */
export interface AgentMetrics {
  runStarted(mode: RunMode): void;
  /** Once per run: background runs when the store's compare-and-set ended them. */
  runFinished(mode: RunMode, outcome: RunOutcome): void;
  /** `tool` is one the tool box offers, or "unknown" when the model named another. */
  toolCalled(tool: string, outcome: ToolCallOutcome, seconds: number): void;
}

/** Metrics that count nothing: the default of tests and callers that bring none. */
export const NO_AGENT_METRICS: AgentMetrics = {
  runStarted: () => undefined,
  runFinished: () => undefined,
  toolCalled: () => undefined,
};
