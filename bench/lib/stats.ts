/** Percentiles of one run, in the samples' unit (milliseconds for latencies). */
export interface Percentiles {
  count: number;
  p50: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentile of an already sorted array; NaN when empty. */
function rank(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

/** p50 / p99 / max of one run's samples. */
export function percentiles(samples: number[]): Percentiles {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: rank(sorted, 0.5),
    p99: rank(sorted, 0.99),
    max: sorted.at(-1) ?? Number.NaN,
  };
}

/** The median of several runs' figures: how the issue asks runs to be summarised. */
export function median(values: number[]): number {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? Number.NaN)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** Per-run percentiles reduced to the median p50, p99 and max across runs. */
export function medianOfRuns(runs: Percentiles[]): Percentiles {
  return {
    count: runs.reduce((sum, run) => sum + run.count, 0),
    p50: median(runs.map((run) => run.p50)),
    p99: median(runs.map((run) => run.p99)),
    max: median(runs.map((run) => run.max)),
  };
}
