import { performance } from "node:perf_hooks";

/**
 * A wall clock in milliseconds with sub-millisecond resolution that is comparable across the
 * bench's processes. Every process on this machine derives `timeOrigin` from the same system
 * clock at its start and adds its own monotonic `performance.now()`, so a timestamp taken in a
 * load worker can be subtracted from one taken in the orchestrator or a server (error: a few µs
 * at startup plus any NTP slew during the run, far below what is measured).
 */
export function wallNow(): number {
  return performance.timeOrigin + performance.now();
}
