import type { RunRecord, RunStore } from "./ports";

/**
 * Waits until the run is no longer `running` (its node appended the closing events and ended
 * it) or `timeoutMs` passed. Returns the final record, or undefined on timeout. Woken by the
 * run's log, so no polling: a run always appends before it ends.
 */
export async function waitForFinal(
  store: RunStore,
  runId: string,
  timeoutMs: number,
): Promise<RunRecord | undefined> {
  const finalRecord = async (): Promise<RunRecord | undefined> => {
    const run = await store.get(runId);
    return run && run.status !== "running" ? run : undefined;
  };
  let wake: () => void = () => undefined;
  const unwatch = await store.watch(runId, () => wake());
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const changed = new Promise<void>((resolve) => {
        wake = resolve;
      });
      const found = await finalRecord();
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) return undefined;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        changed,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, left);
        }),
      ]);
      clearTimeout(timer);
    }
  } finally {
    await unwatch();
  }
}
