import { performance } from "node:perf_hooks";

/**
 * How often the loop looks at the clock. 5 ms keeps a 200/s schedule within one cycle of its
 * target while costing the load generator almost nothing.
 */
const TICK_MS = 5;

/** What a paced loop did so far. */
export interface PacedCounts {
  /** Cycles launched on a free lane. */
  started: number;
  /** Cycles that ended with the right result. */
  completed: number;
  /** Cycles that failed or came back wrong. */
  wrong: number;
  /** Starts that came due while every lane was busy and were dropped, not queued. */
  skipped: number;
}

export interface PacedLoop {
  counts(): PacedCounts;
  /** Stops launching and resolves once every cycle in flight has ended. */
  stop(): Promise<void>;
}

/**
 * Launches `once` at `ratePerSecond` on the clock (an open loop: a slow cycle does not slow
 * the schedule), each on a free lane of `lanes` (a lane is one user with one call at a time,
 * so at most `lanes` cycles are in flight). A start that comes due with no free lane is
 * dropped and counted as skipped, so the load stays bounded when the server falls behind and
 * the shortfall is visible. Stops launching by itself after `maxSeconds`.
 */
export function startPacedLoop(options: {
  ratePerSecond: number;
  lanes: number;
  maxSeconds: number;
  once: (lane: number) => Promise<boolean>;
}): PacedLoop {
  const counts: PacedCounts = { started: 0, completed: 0, wrong: 0, skipped: 0 };
  const free = Array.from({ length: options.lanes }, (_, lane) => lane);
  const inFlight = new Set<Promise<void>>();
  const startedAt = performance.now();
  let due = 0;

  const launch = (lane: number): void => {
    counts.started += 1;
    const cycle: Promise<void> = options
      .once(lane)
      .catch(() => false)
      .then((correct) => {
        if (correct) counts.completed += 1;
        else counts.wrong += 1;
        free.push(lane);
        inFlight.delete(cycle);
      });
    inFlight.add(cycle);
  };

  const timer = setInterval(() => {
    const elapsedMs = performance.now() - startedAt;
    if (elapsedMs >= options.maxSeconds * 1000) {
      clearInterval(timer);
      return;
    }
    const dueNow = Math.floor((elapsedMs / 1000) * options.ratePerSecond);
    for (; due < dueNow; due += 1) {
      const lane = free.pop();
      if (lane === undefined) counts.skipped += 1;
      else launch(lane);
    }
  }, TICK_MS);

  return {
    counts: () => ({ ...counts }),
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
    },
  };
}
