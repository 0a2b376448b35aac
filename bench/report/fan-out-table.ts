import { medianOfRuns } from "../lib/stats";
import type { Percentiles } from "../lib/stats";
import type { CycleRun, FanOutResult } from "../suites/fan-out";
import { P99_MIN_SAMPLES, ms, ratio, verdict } from "./format";
import { table } from "./table";

/**
 * Issue 20's fan-out goals, each judging one percentile at one size, the hub against the bare
 * Socket.IO server: the fixed cost of a call at small N, the tail at large N.
 */
const FAN_OUT_GOALS = [
  { devices: 10, percentile: "p50", target: 3 },
  { devices: 1000, percentile: "p99", target: 1.3 },
] as const;
const RESOLUTION_P99_TARGET_MS = { devices: 10, ms: 10 };

/** The median of the runs' percentiles, with how many runs and samples per run it rests on. */
interface Summary extends Percentiles {
  runs: number;
  /** The smallest sample count of any run (runs of one row normally have equal counts). */
  perRun: number;
}

function summary(runs: CycleRun[], pick: (run: CycleRun) => Percentiles | undefined): Summary {
  const picked = runs.flatMap((run) => pick(run) ?? []);
  const perRun = picked.length === 0 ? 0 : Math.min(...picked.map((run) => run.count));
  return { ...medianOfRuns(picked), runs: picked.length, perRun };
}

/** A p99 cell; `†` when the runs had too few samples for p99 to differ from the maximum. */
function p99(figures: Summary): string {
  return figures.perRun < P99_MIN_SAMPLES ? `${ms(figures.p99)}†` : ms(figures.p99);
}

/** "runs × samples per run" of one side of a row. */
function samples(figures: Summary): string {
  return `${figures.runs} × ${figures.perRun}`;
}

export const P99_NOTE =
  `† fewer than ${P99_MIN_SAMPLES} samples per run: that p99 is each run's largest sample ` +
  "(nearest rank), i.e. a maximum, not a 99th percentile.";

function cpuMedian(runs: CycleRun[]): number {
  const sorted = runs.map((run) => run.cpuUsPerMessage).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Every size's fan-out figures, hub and baseline side by side; the goals are judged below. */
export function fanOutTable(results: FanOutResult[]): string {
  const rows = results.map((result) => {
    const hub = summary(result.hub, (run) => run.fanOut);
    const base = summary(result.baseline, (run) => run.fanOut);
    return [
      String(result.devices),
      `${samples(base)} / ${samples(hub)}`,
      `${ms(base.p50)} / ${p99(base)} / ${ms(base.max)}`,
      `${ms(hub.p50)} / ${p99(hub)} / ${ms(hub.max)}`,
      `${ratio(hub.p50 / base.p50)} / ${ratio(hub.p99 / base.p99)}`,
      `${cpuMedian(result.baseline).toFixed(0)} / ${cpuMedian(result.hub).toFixed(0)}`,
    ];
  });
  return table(
    [
      "N devices",
      "runs × samples base / hub",
      "baseline p50 / p99 / max ms",
      "hub p50 / p99 / max ms",
      "hub/baseline p50 / p99",
      "server CPU µs/msg base / hub",
    ],
    rows,
  );
}

/**
 * One row per fan-out goal, computed from this run's rows at that size: the percentile the
 * goal names on each side (median over the interleaved runs), their ratio and the verdict. A
 * size this run did not measure (quick and smoke runs stop below N = 1000) says so.
 */
export function fanOutGoalsTable(results: FanOutResult[]): string {
  const sizes = results.map((result) => result.devices).join(", ");
  const rows = FAN_OUT_GOALS.map((goal) => {
    const label = `fan-out ${goal.percentile} ≤ ${goal.target}× bare at N = ${goal.devices}`;
    const target = `≤ ${goal.target}×`;
    const result = results.find((each) => each.devices === goal.devices);
    if (result === undefined)
      return [label, "—", `not measured: this run's sizes are N = ${sizes}`, "—", "—", target, "—"];
    const hub = summary(result.hub, (run) => run.fanOut);
    const base = summary(result.baseline, (run) => run.fanOut);
    const cell = (side: Summary): string => (goal.percentile === "p50" ? ms(side.p50) : p99(side));
    const value = goal.percentile === "p50" ? hub.p50 / base.p50 : hub.p99 / base.p99;
    return [
      label,
      `${samples(base)} / ${samples(hub)}`,
      cell(base),
      cell(hub),
      ratio(value),
      target,
      verdict(value <= goal.target),
    ];
  });
  return table(
    ["goal", "runs × samples bare / hub", "bare ms", "hub ms", "hub/bare", "target", "result"],
    rows,
  );
}

/** Answer sent → last `inquiry:withdrawn` / → tool result, for each size in `sizes`. */
export function resolutionTable(results: FanOutResult[], sizes: number[]): string {
  const rows = results
    .filter((result) => sizes.includes(result.devices))
    .flatMap((result) =>
      (["http", "socket"] as const).map((channel) => {
        const key = channel === "http" ? "withdrawnHttp" : "withdrawnSocket";
        const toolKey = channel === "http" ? "toolResultHttp" : "toolResultSocket";
        const hub = summary(result.hub, (run) => run[key]);
        const base = summary(result.baseline, (run) => run[key]);
        const tool = summary(result.hub, (run) => run[toolKey]);
        const judged = result.devices === RESOLUTION_P99_TARGET_MS.devices;
        const limit = RESOLUTION_P99_TARGET_MS.ms;
        return [
          String(result.devices),
          channel === "http" ? "HTTP POST" : "socket ack",
          `${samples(base)} / ${samples(hub)}`,
          `${ms(base.p50)} / ${p99(base)}`,
          `${ms(hub.p50)} / ${p99(hub)}`,
          ratio(hub.p99 / base.p99),
          `${ms(tool.p50)} / ${p99(tool)}`,
          judged ? `p99 ≤ ${limit} ms` : "—",
          verdict(judged ? hub.p99 <= limit && tool.p99 <= limit : undefined),
        ];
      }),
    );
  return table(
    [
      "N",
      "answer via",
      "runs × samples base / hub",
      "baseline → last withdrawn p50 / p99 ms",
      "hub → last withdrawn p50 / p99 ms",
      "hub/baseline p99",
      "hub → tool result p50 / p99 ms",
      "target",
      "result",
    ],
    rows,
  );
}
