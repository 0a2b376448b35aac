import { readFileSync, readdirSync } from "node:fs";

/** Linux USER_HZ: /proc reports CPU time in ticks of 10 ms on every mainstream kernel. */
const TICK_MS = 10;

/**
 * CPU time (user + system, ms) a process has used so far, read from /proc/<pid>/stat so a
 * child's cost is measured without any hook inside it. Resolution is one tick (10 ms), so
 * callers measure over runs long enough for that to vanish.
 */
export function cpuMs(pid: number): number {
  return statCpuMs(readFileSync(`/proc/${pid}/stat`, "utf8"));
}

/** User + system CPU (ms) of one `/proc/<pid>/stat` or `/proc/<pid>/task/<tid>/stat` text. */
function statCpuMs(stat: string): number {
  // The command name (field 2) may contain spaces; the fields after its ")" are fixed.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

/**
 * CPU (ms) of each thread of `pid` so far, summed by thread name (`MainThread`, `libuv-worker`
 * for libuv's pool, where lmdb-js commits, `V8Worker` for V8's helpers).
 */
export function threadCpuMs(pid: number): Map<string, number> {
  const byName = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    byName.set(name, (byName.get(name) ?? 0) + statCpuMs(stat));
  }
  return byName;
}

/** A `<field>: <n> kB` line of /proc/<pid>/status, in bytes. */
function statusBytes(status: string, field: string, pid: number): number {
  const match = new RegExp(`^${field}:\\s+(\\d+) kB$`, "m").exec(status);
  if (match?.[1] === undefined) throw new Error(`no ${field} for pid ${pid}`);
  return Number(match[1]) * 1024;
}

/** Resident set size of a process in bytes (VmRSS of /proc/<pid>/status). */
export function rssBytes(pid: number): number {
  return statusBytes(readFileSync(`/proc/${pid}/status`, "utf8"), "VmRSS", pid);
}

/**
 * VmRSS and its two main parts: anonymous memory (the JS heap, buffers, socket state) and
 * file-backed pages (code, and the embedded store's memory-mapped LMDB file), so a reading
 * shows which of them grew.
 */
export interface ResidentMemory {
  rssBytes: number;
  anonBytes: number;
  fileBytes: number;
}

export function residentMemory(pid: number): ResidentMemory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return {
    rssBytes: statusBytes(status, "VmRSS", pid),
    anonBytes: statusBytes(status, "RssAnon", pid),
    fileBytes: statusBytes(status, "RssFile", pid),
  };
}

/** File descriptors a process holds now (entries of /proc/<pid>/fd): each socket is one. */
export function openFiles(pid: number): number {
  return readdirSync(`/proc/${pid}/fd`).length;
}

/**
 * A process's RLIMIT_NOFILE from /proc/<pid>/limits. Node raises its own soft limit to the
 * hard one at startup, so a node child's soft limit is the hard limit it inherited.
 */
export function openFileLimit(pid: number): { soft: number; hard: number } {
  const limits = readFileSync(`/proc/${pid}/limits`, "utf8");
  const match = /^Max open files\s+(\S+)\s+(\S+)/m.exec(limits);
  const parse = (value: string | undefined): number =>
    value === "unlimited" ? Number.POSITIVE_INFINITY : Number(value);
  if (match === null) throw new Error(`no open-file limit for pid ${pid}`);
  return { soft: parse(match[1]), hard: parse(match[2]) };
}

/** Samples a set of processes' CPU over an interval: call `stop()` for ms used per pid. */
export function startCpuMeter(pids: Record<string, number>): () => Record<string, number> {
  const before = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid)]));
  return () =>
    Object.fromEntries(
      Object.entries(pids).map(([name, pid]) => [name, cpuMs(pid) - (before[name] ?? 0)]),
    );
}

/**
 * CPU time (ms, all cores) the whole machine spent busy so far: every state of /proc/stat's
 * `cpu` line except idle and iowait. Against the bench's own processes over the same window it
 * shows how much other work shared the cores.
 */
function machineBusyMs(): number {
  const line = readFileSync("/proc/stat", "utf8").split("\n", 1)[0] ?? "";
  const [user, nice, system, , , irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return (
    ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) *
    TICK_MS
  );
}

/** Samples the machine's busy CPU over an interval: call `stop()` for the ms used, all cores. */
export function startMachineCpuMeter(): () => number {
  const before = machineBusyMs();
  return () => machineBusyMs() - before;
}
