/** The first wait before re-attaching to a dropped run, in milliseconds. */
export const FIRST_REATTACH_DELAY_MS = 500;
/** The longest wait between two re-attach attempts, in milliseconds: a run is never given up for a slow network. */
export const MAX_REATTACH_DELAY_MS = 10_000;

/**
 * How long to wait before re-attach attempt `attempt` (0 for the first after a drop): doubling
 * from FIRST_REATTACH_DELAY_MS up to MAX_REATTACH_DELAY_MS, with the upper half jittered
 * (`random` in [0, 1)) so many tabs dropped by one outage do not come back in lockstep.
 *
 * @example reattachDelay(0, () => 0) // 250; reattachDelay(10, () => 0.999) // just under 10 000
 */
export function reattachDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(
    FIRST_REATTACH_DELAY_MS * 2 ** Math.max(attempt, 0),
    MAX_REATTACH_DELAY_MS,
  );
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}
