/** Waits `ms` milliseconds. */
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it reports success or `attempts` tries are spent, waiting
 * `baseDelayMs × 2^(n−1)` before the n-th retry (1 s, 2 s, 4 s… for a 1 s base). Bounded by
 * construction: at most `attempts` calls. A failure marked `permanent` (retrying cannot
 * help, e.g. a refused address) ends the run at once. `onTry` sees every outcome with its
 * number and whether it was the last, so callers can record failures.
 *
 * @example await retryWithBackoff(() => post(url), { attempts: 3, baseDelayMs: 1000 })
 */
export async function retryWithBackoff<Result extends { ok: boolean; permanent?: boolean }>(
  attempt: () => Promise<Result>,
  options: {
    attempts: number;
    baseDelayMs: number;
    onTry?: (result: Result, tryNumber: number, final: boolean) => Promise<void>;
  },
): Promise<Result> {
  for (let tryNumber = 1; ; tryNumber += 1) {
    const result = await attempt();
    const final = result.ok || result.permanent === true || tryNumber >= options.attempts;
    await options.onTry?.(result, tryNumber, final);
    if (final) return result;
    await sleep(options.baseDelayMs * 2 ** (tryNumber - 1));
  }
}
