import type { BenchOptions } from "../lib/options";
import type { CycleRun } from "../suites/fan-out";
import type { BenchResults } from "./results";

/** Every latency series one fan-out run must have filled. */
const SERIES = ["fanOut", "withdrawnHttp", "withdrawnSocket"] as const;

/** A re-attach row that ran must hold every sample; a skipped row is named, not a gap. */
function reattachGaps(results: BenchResults, options: BenchOptions): string[] {
  const rows = results.reattach?.rows ?? [];
  if (rows.length === 0) return ["reattach: no rows"];
  return rows.flatMap((row) => {
    const label = `reattach ${row.store} on ${row.agentNodes} agent node(s)`;
    if ("notMeasured" in row) {
      console.log(`${label}: not measured (${row.notMeasured})`);
      return [];
    }
    const counts = [row.fullReplay.count, row.liveTail.count];
    return counts.every((count) => count === options.reattachSamples)
      ? []
      : [`${label}: ${counts.join(" / ")} samples`];
  });
}

/** The cycle suite must have completed cycles on every side, every one with its own answer. */
function cycleGaps(results: BenchResults): string[] {
  const cycle = results.cycle;
  if (cycle === undefined) return ["cycle: not run"];
  const sides = {
    floor: cycle.floor,
    "SDK-only floor": cycle.sdkOnly,
    hub: cycle.hub,
    "two nodes": cycle.twoNodes,
  };
  const gaps = Object.entries(sides)
    .filter(([, windows]) => windows.length === 0 || windows.some((window) => window.cycles === 0))
    .map(([side]) => `cycle ${side}: a window completed no cycle`);
  if (cycle.wrongResults > 0) gaps.push(`cycle: ${cycle.wrongResults} wrong or failed results`);
  const { duplicateDeliveries, missingWithdrawals, answersRefused } = cycle.tally;
  if (duplicateDeliveries + missingWithdrawals + answersRefused > 0)
    gaps.push(
      `cycle: ${duplicateDeliveries} doubled deliveries, ${answersRefused} refused answers, ` +
        `${missingWithdrawals} stale cards`,
    );
  return gaps;
}

/**
 * The devices suite must have connected everything and measured every probe sample, with no
 * wrong result and no delivery anomaly (doubled, stale, stray, refused).
 */
function devicesGaps(results: BenchResults, options: BenchOptions): string[] {
  const devices = results.devices;
  if (devices === undefined) return ["devices: not run"];
  if ("notMeasured" in devices) return [`devices: not measured (${devices.notMeasured})`];
  const gaps: string[] = [];
  if (devices.probe.fanOut.count !== options.devices.probeSamples)
    gaps.push(
      `devices: ${devices.probe.fanOut.count} of ${options.devices.probeSamples} probe samples`,
    );
  if (devices.load.window.completed === 0) gaps.push("devices: no background cycle in the window");
  if (devices.load.total.wrong > 0)
    gaps.push(`devices: ${devices.load.total.wrong} wrong or failed background results`);
  const { duplicateDeliveries, missingWithdrawals, strayDeliveries, answersRefused } =
    devices.tally;
  if (duplicateDeliveries + missingWithdrawals + strayDeliveries + answersRefused > 0)
    gaps.push(
      `devices: ${duplicateDeliveries} doubled deliveries, ${answersRefused} refused answers, ` +
        `${missingWithdrawals} stale cards, ${strayDeliveries} stray deliveries`,
    );
  return gaps;
}

/**
 * A check run's verdict (smoke, `--check`, CI): its timings mean nothing on a busy CI machine,
 * so it checks only that each selected suite measured every row it should, with samples in
 * every series, and that no row lost, doubled or left stale anything. Throws naming every gap.
 */
export function assertMeasured(results: BenchResults, options: BenchOptions): void {
  const gaps: string[] = [];
  const runsOf = (devices: number): CycleRun[] => {
    const row = results.fanOut.find((each) => each.devices === devices);
    return row === undefined ? [] : [...row.hub, ...row.baseline];
  };
  if (options.suites.has("fan-out")) {
    for (const devices of options.fanOutSizes) {
      const runs = runsOf(devices);
      if (runs.length !== options.rounds * 2)
        gaps.push(`fan-out N=${devices}: ${runs.length} runs`);
      for (const series of SERIES)
        if (runs.some((run) => run[series].count === 0 || Number.isNaN(run[series].p50)))
          gaps.push(`fan-out N=${devices}: no ${series} samples`);
    }
  }
  if (options.suites.has("throughput")) {
    if (results.throughput.length !== options.throughputUsers.length * 2)
      gaps.push(`throughput: ${results.throughput.length} rows`);
    for (const row of results.throughput) {
      const label = `throughput ${row.users} users on ${row.nodes} node(s)`;
      if ("notMeasured" in row) gaps.push(`${label}: not measured (${row.notMeasured})`);
      else if (row.resolutions === 0) gaps.push(`${label}: 0 resolutions`);
      else if (row.lost + row.wrongResults + row.tally.duplicateDeliveries > 0)
        gaps.push(`${label}: lost, wrong or doubled results`);
      else if (row.tally.missingWithdrawals > 0) gaps.push(`${label}: stale cards`);
    }
  }
  if (options.suites.has("memory") && results.memory.length !== options.memoryDevices.length)
    gaps.push(`memory: ${results.memory.length} rows`);
  if (options.suites.has("parser") && !(results.parser?.protocol.chunksPerSecond ?? 0))
    gaps.push("parser: nothing parsed");
  if (options.suites.has("store") && !results.store?.rows.every((row) => row.cyclesPerSecond > 0))
    gaps.push("store: a store measured nothing");
  if (options.suites.has("reattach")) gaps.push(...reattachGaps(results, options));
  if (options.suites.has("cycle")) gaps.push(...cycleGaps(results));
  if (options.suites.has("devices")) gaps.push(...devicesGaps(results, options));
  if (gaps.length > 0) throw new Error(`bench check run measured too little:\n${gaps.join("\n")}`);
  console.log(`bench check: every selected suite measured (${[...options.suites].join(", ")})`);
}
