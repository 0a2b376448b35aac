import type { CpuCycleResult, CpuWindow } from "../suites/cpu-cycle";
import { table } from "./table";

/**
 * The targets: hub CPU per cycle within 3× the bare floor and within half the SDK-only floor
 * (issue 38); two nodes within 1.3× one node (issue 20).
 */
const FLOOR_RATIO_TARGET = 3;
const SDK_ONLY_RATIO_TARGET = 0.5;
const TWO_NODE_RATIO_TARGET = 1.3;

/** A side's CPU per cycle set against another side's, with the ratio it must stay within. */
interface Judged {
  against: number;
  target: number;
  label: string;
}

/** The median of the windows' CPU ms per cycle. */
export function medianMsPerCycle(windows: CpuWindow[]): number {
  const sorted = windows
    .filter((window) => window.cycles > 0)
    .map((window) => window.cpuMs / window.cycles)
    .sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

function sampleCounts(windows: CpuWindow[]): string {
  return windows.map((window) => window.cycles).join(" + ");
}

function rate(windows: CpuWindow[]): string {
  const cycles = windows.reduce((sum, window) => sum + window.cycles, 0);
  const seconds = windows.reduce((sum, window) => sum + window.seconds, 0);
  return (cycles / seconds).toFixed(0);
}

/**
 * One row per side: cycles measured in each window, their rate, the median server CPU per
 * cycle, cycles per CPU-second, the ratio the issue judges and its verdict.
 */
export function cycleTable(result: CpuCycleResult): string {
  const floor = medianMsPerCycle(result.floor);
  const sdkOnly = medianMsPerCycle(result.sdkOnly);
  const hub = medianMsPerCycle(result.hub);
  const row = (
    side: string,
    processes: string,
    windows: CpuWindow[],
    judged: Judged[] = [],
  ): string[] => {
    const msPerCycle = medianMsPerCycle(windows);
    const verdicts = judged.map((judge) => {
      const ratio = msPerCycle / judge.against;
      return {
        ratio: `${ratio.toFixed(2)}× ${judge.label}`,
        target: `≤ ${judge.target}×`,
        result: ratio <= judge.target ? "pass" : "**miss**",
      };
    });
    const column = (pick: (verdict: (typeof verdicts)[number]) => string): string =>
      verdicts.length === 0 ? "—" : verdicts.map(pick).join("; ");
    return [
      side,
      processes,
      sampleCounts(windows),
      rate(windows),
      msPerCycle.toFixed(3),
      (1000 / msPerCycle).toFixed(0),
      column((verdict) => verdict.ratio),
      column((verdict) => verdict.target),
      column((verdict) => verdict.result),
    ];
  };
  const rows = [
    row("bare floor (HTTP + Socket.IO)", "baseline", result.floor),
    row("SDK-only floor (official MCP SDK handler + Socket.IO)", "sdk-only", result.sdkOnly),
    row("hub, one node (embedded store)", "hub", result.hub, [
      { against: floor, target: FLOOR_RATIO_TARGET, label: "bare floor" },
      { against: sdkOnly, target: SDK_ONLY_RATIO_TARGET, label: "SDK-only floor" },
    ]),
    row("hub, two nodes + Redis", "hub × 2 + redis-server", result.twoNodes, [
      { against: hub, target: TWO_NODE_RATIO_TARGET, label: "one node" },
    ]),
  ];
  return table(
    [
      "side",
      "processes counted",
      "cycles per window",
      "cycles/s",
      "server CPU ms/cycle (median)",
      "cycles per CPU-second",
      "ratio",
      "target",
      "result",
    ],
    rows,
  );
}
