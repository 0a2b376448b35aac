import { readFileSync } from "node:fs";

/** Linux USER_HZ: /proc reports CPU time in ticks of 10 ms on every mainstream kernel. */
const TICK_MS = 10;

/**
 * CPU time (user + system, ms) a process has used so far, read from /proc/<pid>/stat so a
 * child's cost is measured without any hook inside it. Resolution is one tick (10 ms), so
 * callers measure over runs long enough for that to vanish.
 */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name (field 2) may contain spaces; the fields after its ")" are fixed.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/** Resident set size of a process in bytes (VmRSS of /proc/<pid>/status). */
export function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (match?.[1] === undefined) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** Samples a set of processes' CPU over an interval: call `stop()` for ms used per pid. */
export function startCpuMeter(pids: Record<string, number>): () => Record<string, number> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  return () =>
    Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid) - (before[name] ?? 0)]),
    );
}
