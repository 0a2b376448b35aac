import { createHash, randomUUID } from "node:crypto";
import type { BatchAssigner } from "../approval-screening";
import type { BatchWindows } from "./ports";

/** How long a credential's batch stays open after its last approval, by default. */
export const DEFAULT_BATCH_WINDOW_MS = 5_000;

/**
 * The batch of a run: derived from the person and the run id, so every call of the run (on
 * any node, at any time) lands in one batch, while two people's runs never share one even
 * when an agent reuses a run id, and the id does not spell out the run id it came from.
 */
export function runBatchId(userId: string, runId: string): string {
  const digest = createHash("sha256").update(`${userId}\u0000${runId}`).digest("hex");
  return `run-${digest.slice(0, 32)}`;
}

/**
 * Puts each approval in its batch: a call naming its run joins that run's batch; any other
 * call joins the batch its credential opened within the last `windowMs` (each call moves the
 * window on), else opens a new one. The window is per person and credential, so a batch
 * never spans two people or two agent keys.
 */
export function createBatchAssigner(deps: {
  windows: BatchWindows;
  windowMs: number;
}): BatchAssigner {
  return (call) =>
    call.runId === undefined
      ? deps.windows.join(
          `${call.userId}:${call.credentialId}`,
          `batch-${randomUUID()}`,
          deps.windowMs,
        )
      : Promise.resolve(runBatchId(call.userId, call.runId));
}
