import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import type { AgentMetrics, RunMode, RunOutcome, ToolCallOutcome } from "../loop/agent-metrics";

/** A tool call answers in milliseconds (demo tools) or waits for a person (minutes, a day). */
const TOOL_CALL_BUCKETS = [
  0.01, 0.05, 0.1, 0.5, 1, 2.5, 5, 15, 30, 60, 120, 300, 900, 3600, 86_400,
];
const RUN_MODES = ["request", "background"] as const satisfies readonly RunMode[];
const RUN_OUTCOMES = ["completed", "failed", "cancelled"] as const satisfies readonly RunOutcome[];

/** The agent's series and the registry that serves them. */
export interface PrometheusAgentMetrics extends AgentMetrics {
  /** One registry per agent, so several agents in one process (tests) never share series. */
  registry: Registry;
}

/**
 * The agent's Prometheus series (prefix `inquiry_agent_`) plus the default process metrics
 * (event-loop lag, heap, CPU). Labels are bounded: run mode and outcome, and the tool name,
 * which the tool box limits to the tools its MCP servers offer.
 */
export function createPrometheusAgentMetrics(): PrometheusAgentMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const started = new Counter({
    name: "inquiry_agent_runs_started_total",
    help: "Chat runs started on this agent, by mode (request-bound or background).",
    labelNames: ["mode"],
    registers,
  });
  const finished = new Counter({
    name: "inquiry_agent_runs_finished_total",
    help: "Chat runs that ended, by mode and outcome.",
    labelNames: ["mode", "outcome"],
    registers,
  });
  const toolCalls = new Histogram({
    name: "inquiry_agent_tool_call_seconds",
    help: "Duration of MCP tools/call requests (send_inquiry waits for a person), by tool and outcome.",
    labelNames: ["tool", "outcome"],
    buckets: TOOL_CALL_BUCKETS,
    registers,
  });
  type ToolCallSeries = ReturnType<typeof toolCalls.labels>;
  const startedBy = {} as Record<RunMode, ReturnType<typeof started.labels>>;
  const finishedBy = {} as Record<RunMode, Record<RunOutcome, ReturnType<typeof finished.labels>>>;
  for (const mode of RUN_MODES) {
    started.inc({ mode }, 0);
    startedBy[mode] = started.labels(mode);
    finishedBy[mode] = {} as Record<RunOutcome, ReturnType<typeof finished.labels>>;
    for (const outcome of RUN_OUTCOMES) {
      finished.inc({ mode, outcome }, 0);
      finishedBy[mode][outcome] = finished.labels(mode, outcome);
    }
  }
  /** Made on a tool's first call; the tool box bounds how many tools there are. */
  const toolCallsBy = new Map<string, Record<ToolCallOutcome, ToolCallSeries>>();

  return {
    registry,
    runStarted(mode) {
      startedBy[mode].inc();
    },
    runFinished(mode, outcome) {
      finishedBy[mode][outcome].inc();
    },
    toolCalled(tool, outcome, seconds) {
      let series = toolCallsBy.get(tool);
      if (series === undefined) {
        series = { ok: toolCalls.labels(tool, "ok"), error: toolCalls.labels(tool, "error") };
        toolCallsBy.set(tool, series);
      }
      series[outcome].observe(seconds);
    },
  };
}
