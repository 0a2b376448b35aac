import type { Logger } from "@inquiry-hub/logging";
import type { RunStore } from "./ports";

/** How long a lease lives and how often its holder renews it. */
export interface LeaseTiming {
  leaseMs: number;
  renewMs: number;
}

/**
 * Renews this node's lease on a run while it runs. When a renewal is refused (this node was
 * stalled past the lease and another took the run over, or the run ended elsewhere),
 * `onLost` runs once and renewing stops. Returns the stop function.
 */
export function keepLease(
  store: RunStore,
  runId: string,
  nodeId: string,
  timing: LeaseTiming,
  logger: Logger,
  onLost: () => void,
): () => void {
  const timer = setInterval(() => {
    store.claim(runId, nodeId, timing.leaseMs).then(
      (held) => {
        if (held) return;
        clearInterval(timer);
        onLost();
      },
      (error: unknown) => logger.warn({ err: error, runId }, "lease renewal failed"),
    );
  }, timing.renewMs);
  timer.unref();
  return () => clearInterval(timer);
}
