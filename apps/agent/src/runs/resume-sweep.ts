import type { Logger } from "@inquiry-hub/logging";

/**
 * Runs `sweep` now and every `everyMs` (never two at once), so runs whose node died are
 * resumed within about a lease plus one period. Returns the stop function.
 */
export function startResumeSweep(
  sweep: () => Promise<void>,
  everyMs: number,
  logger: Logger,
): () => void {
  let sweeping = false;
  const tick = (): void => {
    if (sweeping) return;
    sweeping = true;
    sweep()
      .catch((error: unknown) => logger.error({ err: error }, "resume sweep failed"))
      .finally(() => {
        sweeping = false;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
