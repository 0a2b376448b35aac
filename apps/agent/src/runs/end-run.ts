import type { Logger } from "@inquiry-hub/logging";
import type { RunStatus } from "@inquiry-hub/protocol";
import type { AgentMetrics } from "../loop/agent-metrics";
import type { HubClient, RunRecord, RunStore } from "./ports";
import { reportTurnEnded } from "./turn-report";

/** What ending a run needs. */
export interface RunEndingDeps {
  store: RunStore;
  hub: HubClient;
  logger: Logger;
  /** Counts the run's end, once: only the caller whose compare-and-set ended it reports. */
  metrics: Pick<AgentMetrics, "runFinished">;
}

/**
 * The one way a run ends, wherever that happens (its loop, or a Stop nobody else served):
 * the store's compare-and-set decides who ends it, only that caller appends the closing
 * events, reports the turn and revokes the run's credential. True when this call ended it.
 */
export async function endRun(
  deps: RunEndingDeps,
  run: RunRecord,
  status: Exclude<RunStatus, "running">,
  closing: readonly string[],
): Promise<boolean> {
  const ended = await deps.store.finish(run.id, status, new Date().toISOString());
  if (!ended) return false;
  deps.metrics.runFinished("background", status);
  for (const data of closing) await deps.store.append(run.id, data);
  deps.logger.info({ runId: run.id, status }, "run ended");
  await reportTurnEnded(deps.store, deps.hub, run, status);
  await deps.hub.revokeRunCredential(run.bearer);
  return true;
}
