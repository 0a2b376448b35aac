// The `cycle` suite whole (its three sides, windows and tallies), past 250 lines on purpose:
// one measurement is read in one file, as each suite of bench/suites is.
import { setTimeout as sleep } from "node:timers/promises";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startDevicePool } from "../lib/device-pool";
import type { DevicePool } from "../lib/device-pool";
import { connectMcp, createBenchUsers, hubDeviceSpecs } from "../lib/hub-client";
import { stop } from "../lib/processes";
import { startCpuMeter } from "../lib/proc-stats";
import { startHub } from "../lib/servers";
import type { ServerProcess } from "../lib/servers";
import { addTallies, emptyTally } from "../load/worker-messages";
import type { Tally } from "../load/worker-messages";
import { startCycleFloors } from "./cycle-floors";
import type { CycleFloors, CycleLoad } from "./cycle-floors";
import { callOnce } from "./throughput";

const DEVICES_PER_USER = 3;
/** Cycles in the first second of each window are not measured: connections and JIT warm up. */
const WARM_UP_MS = 1_000;
/** Device worker processes per side: the load generator must not be what limits the rate. */
const DEVICE_WORKERS = 2;
/**
 * Invariant 4: every device drops a resolved card within a second. A loop's last result can
 * reach its agent before that cycle's withdrawal reaches every device (through Redis on two
 * nodes), so the devices are tallied only after this long.
 */
const WITHDRAWAL_GRACE_MS = 1_000;

/** One measured window: the cycles completed in it and the server CPU they cost. */
export interface CpuWindow {
  cycles: number;
  /** CPU (user + system) of the measured server processes over the window, from /proc. */
  cpuMs: number;
  seconds: number;
}

/** The sizes of one `cycle` suite run (see BenchOptions.cycle). */
export interface CpuCycleSizes {
  users: number;
  seconds: number;
  rounds: number;
  warmUpSeconds: number;
}

/**
 * Server CPU per full cycle (call → `inquiry:new` on every device → one device answers over
 * its socket → `inquiry:withdrawn` on every device → result at the caller): the hub on one
 * node, two floors in the same run (the bare one, bench/baseline-server.ts `POST /cycle`, and
 * the SDK-only one, bench/sdk-only-server.ts over MCP), and two hub nodes on one redis-server
 * (all three processes counted). Windows of the four alternate.
 */
export interface CpuCycleResult extends CpuCycleSizes {
  devicesPerUser: number;
  floor: CpuWindow[];
  sdkOnly: CpuWindow[];
  hub: CpuWindow[];
  twoNodes: CpuWindow[];
  /** Calls that failed or came back with another answer than the device gave: must be 0. */
  wrongResults: number;
  /** The hub side's device bookkeeping (duplicates, missing withdrawals): must be all 0. */
  tally: Tally;
}

/**
 * `concurrency` loops each calling `once` back to back until stopped; counts completions, so
 * a window reads how many cycles finished inside it.
 */
export function startLoops(concurrency: number, once: (loop: number) => Promise<boolean>) {
  let running = true;
  let completed = 0;
  let wrong = 0;
  const loops = Array.from({ length: concurrency }, async (_, loop) => {
    while (running) {
      const correct = await once(loop).catch(() => false);
      if (correct) completed += 1;
      else wrong += 1;
    }
  });
  return {
    completed: () => completed,
    wrong: () => wrong,
    async stop(): Promise<void> {
      running = false;
      await Promise.all(loops);
    },
  };
}

/**
 * Runs `once` in loops for `seconds`, measuring nothing, so the server's JIT settles before
 * the first window; returns the wrong or failed results, which count like any others.
 */
async function warmUp(
  seconds: number,
  once: (loop: number) => Promise<boolean>,
  concurrency: number,
): Promise<number> {
  const loops = startLoops(concurrency, once);
  await sleep(seconds * 1000);
  await loops.stop();
  return loops.wrong();
}

/** Runs the load for a warm-up and one window; the server CPU is read for `pids` only. */
async function measureWindow(
  { pids, once }: CycleLoad,
  seconds: number,
  concurrency: number,
): Promise<CpuWindow & { wrong: number }> {
  const loops = startLoops(concurrency, once);
  try {
    await sleep(WARM_UP_MS);
    const meter = startCpuMeter(pids);
    const before = loops.completed();
    const startedAt = performance.now();
    await sleep(seconds * 1000);
    const cpu = meter();
    const cycles = loops.completed() - before;
    const elapsed = (performance.now() - startedAt) / 1000;
    const cpuMs = Object.values(cpu).reduce((sum, ms) => sum + ms, 0);
    await loops.stop();
    return { cycles, cpuMs, seconds: elapsed, wrong: loops.wrong() };
  } finally {
    await loops.stop();
  }
}

/** The hub side of one topology: its servers, devices and agents, ready to loop. */
interface HubSide {
  pids: Record<string, number>;
  clients: Client[];
  pool: DevicePool;
  close(): Promise<void>;
}

/** Users, devices and MCP agents on `hubs`; `extraPids` are counted with them (redis-server). */
async function startHubSide(
  hubs: ServerProcess[],
  users: number,
  extraPids: Record<string, number> = {},
): Promise<HubSide> {
  const hubUrls = hubs.map((hub) => hub.url);
  const accounts = await createBenchUsers(hubUrls[0]!, users, DEVICES_PER_USER);
  const pool = await startDevicePool(
    hubDeviceSpecs(accounts, hubUrls),
    "auto-answer",
    DEVICE_WORKERS,
  );
  const clients: Client[] = [];
  for (const [index, account] of accounts.entries())
    clients.push(await connectMcp(hubUrls[index % hubUrls.length]!, account.tokens[0]!));
  const side: HubSide = {
    pids: {
      ...Object.fromEntries(hubs.map((hub, index) => [`hub${index}`, hub.pid])),
      ...extraPids,
    },
    clients,
    pool,
    async close() {
      await Promise.allSettled(clients.map((client) => client.close()));
      await pool.close();
    },
  };
  return side;
}

function hubLoad(side: HubSide): CycleLoad {
  return { pids: side.pids, once: (loop) => callOnce(side.clients[loop]!) };
}

/**
 * The `cycle` suite: `sizes.users` users × 3 devices on each side, each user's agent looping
 * (MCP `send_inquiry` on the hub and the SDK-only floor, a held `POST /cycle` on the bare
 * floor), one random device of the user answering over its socket. Rounds alternate the bare
 * floor, the SDK-only floor, one node, two nodes. `oneNodeFlags` go to the one-node hub's
 * `node` (`--cpu-prof` for a profile of exactly what is measured).
 */
export async function runCpuCycle(
  sizes: CpuCycleSizes,
  oneNodeFlags: string[] = [],
): Promise<CpuCycleResult> {
  console.log(
    `cycle: ${sizes.users} users × ${DEVICES_PER_USER} devices, ${sizes.rounds} rounds of ${sizes.seconds} s per side`,
  );
  const result: CpuCycleResult = {
    ...sizes,
    devicesPerUser: DEVICES_PER_USER,
    floor: [],
    sdkOnly: [],
    hub: [],
    twoNodes: [],
    wrongResults: 0,
    tally: emptyTally(),
  };
  const redis = await startRedisServer();
  const servers: ServerProcess[] = [];
  const sides: HubSide[] = [];
  let floors: CycleFloors | undefined;
  try {
    floors = await startCycleFloors(sizes.users, DEVICES_PER_USER, DEVICE_WORKERS);
    servers.push(...floors.servers);
    const oneNode = await startHub({ name: "hub-cycle", nodeFlags: oneNodeFlags });
    servers.push(oneNode);
    const oneNodeSide = await startHubSide([oneNode], sizes.users);
    sides.push(oneNodeSide);
    const twoNodes = await Promise.all(
      [0, 1].map((node) => startHub({ name: `hub-cycle-${node}`, env: { REDIS_URL: redis.url } })),
    );
    servers.push(...twoNodes);
    const twoNodeSide = await startHubSide(twoNodes, sizes.users, { redis: redis.pid! });
    sides.push(twoNodeSide);

    const loads: { windows: CpuWindow[]; load: CycleLoad }[] = [
      { windows: result.floor, load: floors.bare },
      { windows: result.sdkOnly, load: floors.sdkOnly },
      { windows: result.hub, load: hubLoad(oneNodeSide) },
      { windows: result.twoNodes, load: hubLoad(twoNodeSide) },
    ];
    for (const { load } of loads)
      result.wrongResults += await warmUp(sizes.warmUpSeconds, load.once, sizes.users);
    for (let round = 0; round < sizes.rounds; round += 1) {
      for (const { windows, load } of loads) {
        const { wrong, ...window } = await measureWindow(load, sizes.seconds, sizes.users);
        windows.push(window);
        result.wrongResults += wrong;
      }
    }
    await sleep(WITHDRAWAL_GRACE_MS);
    result.tally = addTallies(await Promise.all(sides.map((side) => side.pool.tally())));
    return result;
  } finally {
    await Promise.allSettled(sides.map((side) => side.close()));
    await floors?.close();
    await Promise.all(servers.map((server) => stop(server.child)));
    await redis.stop();
  }
}
