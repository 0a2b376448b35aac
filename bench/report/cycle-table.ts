import type { CpuCycleResult, CpuWindow } from "../suites/cpu-cycle";
import { table } from "./table";

/** Issue 20's targets: hub CPU per cycle within 2× the floor; two nodes within 1.3× one node. */
const FLOOR_RATIO_TARGET = 2;
const TWO_NODE_RATIO_TARGET = 1.3;

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
  const hub = medianMsPerCycle(result.hub);
  const row = (
    side: string,
    processes: string,
    windows: CpuWindow[],
    judged?: { against: number; target: number; label: string },
  ): string[] => {
    const msPerCycle = medianMsPerCycle(windows);
    const ratio = judged === undefined ? undefined : msPerCycle / judged.against;
    return [
      side,
      processes,
      sampleCounts(windows),
      rate(windows),
      msPerCycle.toFixed(3),
      (1000 / msPerCycle).toFixed(0),
      ratio === undefined ? "—" : `${ratio.toFixed(2)}× ${judged?.label}`,
      judged === undefined ? "—" : `≤ ${judged.target}×`,
      ratio === undefined ? "—" : ratio <= (judged?.target ?? 0) ? "pass" : "**miss**",
    ];
  };
  const rows = [
    row("bare floor (HTTP + Socket.IO)", "baseline", result.floor),
    row("hub, one node (embedded store)", "hub", result.hub, {
      against: floor,
      target: FLOOR_RATIO_TARGET,
      label: "floor",
    }),
  ];
  rows.push(
    row("hub, two nodes + Redis", "hub × 2 + redis-server", result.twoNodes, {
      against: hub,
      target: TWO_NODE_RATIO_TARGET,
      label: "one node",
    }),
  );
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
