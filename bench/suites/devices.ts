// The `devices` suite whole (population, paced agents, sampling), past 250 lines on purpose:
// one measurement is read in one file, as each suite of bench/suites is.
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startAgentLoad } from "../lib/agent-load";
import type { AgentLoad } from "../lib/agent-load";
import { connectMcp } from "../lib/hub-client";
import type { DevicesSizes } from "../lib/options";
import type { PacedCounts } from "../lib/paced-loop";
import { stop } from "../lib/processes";
import {
  openFileLimit,
  openFiles,
  residentMemory,
  startCpuMeter,
  startMachineCpuMeter,
} from "../lib/proc-stats";
import type { ResidentMemory } from "../lib/proc-stats";
import { startHub } from "../lib/servers";
import type { ServerProcess } from "../lib/servers";
import { percentiles } from "../lib/stats";
import type { Percentiles } from "../lib/stats";
import type { LoadWindow } from "../load/agent-messages";
import { addTallies } from "../load/worker-messages";
import type { Tally } from "../load/worker-messages";
import { hubCycleTarget } from "./cycle";
import type { CycleTarget, CycleTimes } from "./cycle";
import { connectPopulation, fileLimitShortfall, registerPopulation } from "./devices-population";
import type { ConnectedPopulation, DevicesLayout, Population } from "./devices-population";

/** The background rate the goal names. */
export const CYCLES_PER_SECOND = 200;
/** Time for handshakes to finish and allocations to settle before an RSS reading. */
const SETTLE_MS = 5_000;
/** Pause between probe cycles, so samples spread over the window rather than bunch up. */
const PROBE_GAP_MS = 20;
/** Probe cycles run and discarded while the load warms up (the probe's own JIT and paths). */
const WARM_UP_PROBES = 20;
/**
 * Bound on the measured window, per requested sample, so the run ends by itself even when the
 * hub stalls: a cycle normally takes a few ms plus the 20 ms gap, on a machine shared with
 * other work a few hundred ms.
 */
const PROBE_BUDGET_MS = 1_000;
/** The background load keeps running this long past the probe window's bound. */
const LOAD_OVERRUN_SECONDS = 5;
/** Invariant: every device drops a resolved card within a second; tallied after that. */
const WITHDRAWAL_GRACE_MS = 1_000;

/** One devices run that measured. */
export interface DevicesMeasured {
  devices: number;
  layout: DevicesLayout;
  /**
   * The hub's open-file limit and descriptors: before and after the devices connected, and at
   * the end of the window (the agents' connections on top).
   */
  files: { limit: number; before: number; after: number; underLoad: number };
  /** Hub memory with every device registered but none connected, then all connected. */
  memory: { before: ResidentMemory; after: ResidentMemory; bytesPerDevice: number };
  setupSeconds: { register: number; connect: number };
  /** The background load: target rate, the measured window's counts and the whole run's. */
  load: { targetPerSecond: number; window: LoadWindow; total: PacedCounts };
  /** The probed person's cycles in the window: send → all 3 `inquiry:new`, answer → all 3
   * `inquiry:withdrawn`, answer → tool result. */
  probe: {
    requested: number;
    failed: number;
    fanOut: Percentiles;
    withdrawn: Percentiles;
    toolResult: Percentiles;
  };
  /**
   * CPU over the window in cores: the hub, every load generator together, and the rest of the
   * machine (anything outside the bench: on a shared machine, other work the hub competed with).
   */
  cpuCores: { hub: number; loadGenerators: number; other: number };
  /** 1-minute load average as the window began and ended. */
  loadAverage: { start: number; end: number };
  /** All pools' delivery bookkeeping: doubled, stale, stray and refused must all be 0. */
  tally: Tally;
}

export type DevicesResult = DevicesMeasured | { devices: number; notMeasured: string };

/** Runs the probe until `samples` are in or `deadline` (performance.now() ms) passes. */
async function probeCycles(
  target: CycleTarget,
  samples: number,
  deadline: number,
): Promise<{ times: CycleTimes[]; failed: number }> {
  const times: CycleTimes[] = [];
  let failed = 0;
  while (times.length + failed < samples && performance.now() < deadline) {
    try {
      times.push(await target.run("socket"));
    } catch (error) {
      failed += 1;
      console.error(`devices: probe cycle failed: ${String(error)}`);
    }
    await sleep(PROBE_GAP_MS);
  }
  return { times, failed };
}

/**
 * The measured phase on a hub with every device connected: background load at
 * CYCLES_PER_SECOND from the agent worker, untimed for `warmUpSeconds`, then the probed
 * person's cycles one at a time, with CPU read from /proc over exactly that window.
 */
async function measureUnderLoad(
  hub: ServerProcess,
  population: Population,
  pools: ConnectedPopulation,
  sizes: DevicesSizes,
): Promise<
  Pick<DevicesMeasured, "load" | "probe" | "cpuCores" | "loadAverage" | "tally"> & {
    filesUnderLoad: number;
  }
> {
  let agents: AgentLoad | undefined;
  let mcp: Client | undefined;
  try {
    agents = await startAgentLoad(
      hub.url,
      population.load.map((user) => user.tokens[0]!),
    );
    mcp = await connectMcp(hub.url, population.probe.tokens[0]!);
    const target = hubCycleTarget({
      hubUrl: hub.url,
      mcp,
      tokens: population.probe.tokens,
      pool: pools.probe,
    });
    const windowSeconds = (sizes.probeSamples * PROBE_BUDGET_MS) / 1000;
    const loadSeconds = sizes.warmUpSeconds + windowSeconds + LOAD_OVERRUN_SECONDS;
    const startedAt = performance.now();
    const warmUpEnd = startedAt + sizes.warmUpSeconds * 1000;
    const loadEnd = startedAt + loadSeconds * 1000;
    agents.start(CYCLES_PER_SECOND, loadSeconds);
    await probeCycles(target, WARM_UP_PROBES, warmUpEnd);
    await sleep(Math.max(0, warmUpEnd - performance.now()));

    await agents.mark();
    const loadAverageStart = loadavg()[0] ?? 0;
    const generatorPids = [...pools.all.flatMap((pool) => pool.pids), agents.pid, process.pid];
    const meter = startCpuMeter({
      hub: hub.pid,
      ...Object.fromEntries(generatorPids.map((pid) => [`generator${pid}`, pid])),
    });
    const machineMeter = startMachineCpuMeter();
    const windowStart = performance.now();
    // Never probe past the load's own end: every sample must be taken under the load.
    const { times, failed } = await probeCycles(
      target,
      sizes.probeSamples,
      Math.min(windowStart + windowSeconds * 1000, loadEnd - LOAD_OVERRUN_SECONDS * 500),
    );
    const cpu = meter();
    const machineMs = machineMeter();
    const windowMs = performance.now() - windowStart;
    const loadAverageEnd = loadavg()[0] ?? 0;
    const filesUnderLoad = openFiles(hub.pid);
    const { window, total } = await agents.stop();
    await sleep(WITHDRAWAL_GRACE_MS);
    const generatorMs = Object.entries(cpu)
      .filter(([name]) => name !== "hub")
      .reduce((sum, [, ms]) => sum + ms, 0);
    return {
      load: { targetPerSecond: CYCLES_PER_SECOND, window, total },
      probe: {
        requested: sizes.probeSamples,
        failed,
        fanOut: percentiles(times.map((each) => each.fanOut)),
        withdrawn: percentiles(times.map((each) => each.withdrawn)),
        toolResult: percentiles(times.flatMap((each) => each.toolResult ?? [])),
      },
      cpuCores: {
        hub: (cpu.hub ?? 0) / windowMs,
        loadGenerators: generatorMs / windowMs,
        other: Math.max(0, machineMs - (cpu.hub ?? 0) - generatorMs) / windowMs,
      },
      loadAverage: { start: loadAverageStart, end: loadAverageEnd },
      filesUnderLoad,
      tally: addTallies(await Promise.all(pools.all.map((pool) => pool.tally()))),
    };
  } finally {
    await mcp?.close();
    await agents?.close();
  }
}

/**
 * Issue 20's scale goal on one node: `sizes.devices` real socket.io-client connections (from
 * worker processes) to the built hub, its RSS per connected device, and fan-out to one
 * person's 3 devices while background users run ~200 cycles/s. The devices are registered on
 * a first hub process, which is then stopped; a fresh hub on the same data folder is what is
 * measured, so registration's garbage is not in its memory. `notMeasured` when the hub's
 * open-file limit cannot hold that many sockets (found before anything is registered).
 */
export async function runDevices(
  sizes: DevicesSizes,
  nodeFlags: string[] = [],
): Promise<DevicesResult> {
  console.log(
    `devices: ${sizes.devices} connected devices, ${CYCLES_PER_SECOND} background cycles/s, ${sizes.probeSamples} probe cycles`,
  );
  const dataDir = mkdtempSync(path.join(tmpdir(), "bench-devices-"));
  const hubs: ServerProcess[] = [];
  let pools: ConnectedPopulation | undefined;
  try {
    const registrar = await startHub({ name: "hub (registering)", dataDir });
    hubs.push(registrar);
    const shortfall = fileLimitShortfall(registrar.pid, sizes.devices);
    if (shortfall !== undefined) return { devices: sizes.devices, notMeasured: shortfall };
    const registerStart = performance.now();
    const population = await registerPopulation(registrar.url, sizes.devices);
    const registerSeconds = (performance.now() - registerStart) / 1000;
    await stop(registrar.child);

    const hub = await startHub({ name: "hub (devices)", dataDir, nodeFlags });
    hubs.push(hub);
    await sleep(SETTLE_MS);
    const before = residentMemory(hub.pid);
    const filesBefore = openFiles(hub.pid);
    const connectStart = performance.now();
    console.log(`devices: connecting ${sizes.devices} devices`);
    pools = await connectPopulation(hub.url, population);
    const connectSeconds = (performance.now() - connectStart) / 1000;
    await sleep(SETTLE_MS);
    const after = residentMemory(hub.pid);
    const filesAfter = openFiles(hub.pid);
    console.log(`devices: all connected in ${connectSeconds.toFixed(0)} s; measuring under load`);

    const { filesUnderLoad, ...underLoad } = await measureUnderLoad(hub, population, pools, sizes);
    return {
      devices: sizes.devices,
      layout: population.layout,
      files: {
        limit: openFileLimit(hub.pid).soft,
        before: filesBefore,
        after: filesAfter,
        underLoad: filesUnderLoad,
      },
      memory: {
        before,
        after,
        bytesPerDevice: (after.rssBytes - before.rssBytes) / sizes.devices,
      },
      setupSeconds: { register: registerSeconds, connect: connectSeconds },
      ...underLoad,
    };
  } finally {
    await Promise.allSettled((pools?.all ?? []).map((pool) => pool.close()));
    await Promise.all(hubs.map((hub) => stop(hub.child)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
