/**
 * `npm run hub-profile -w @inquiry-hub/bench [-- --users <n>] [-- --seconds <n>]
 * [-- --warm-up <n>] [-- --cpu-prof] [-- --heap-prof] [-- --node-flag <flag> ...]`
 *
 * The cycle suite's hub side alone (one node, embedded store, the built bundle as `npm start`
 * runs it; 30 users × 3 devices, each user's agent looping on `send_inquiry`, one device
 * answering over its socket), for working on the hub's cost: after the warm-up it prints the
 * cycles of one window, the hub's CPU per cycle and how that CPU splits over the hub's threads
 * (the main JavaScript thread, lmdb's writer, libuv's pool, V8's helpers), read from
 * `/proc/<pid>/task`. `--cpu-prof` / `--heap-prof` write V8 profiles of the whole run into
 * bench/results/profiles/hub-profile; `--node-flag` (repeatable) adds a flag to the hub's `node`
 * beside `npm start`'s, to try a V8 setting. Figures to claim come from `npm run bench`, where the
 * floors are measured in the same run; this is the quicker loop for finding where it goes.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { startDevicePool } from "./lib/device-pool";
import { connectMcp, createBenchUsers, hubDeviceSpecs } from "./lib/hub-client";
import { stop } from "./lib/processes";
import { cpuMs, threadCpuMs } from "./lib/proc-stats";
import { startHub } from "./lib/servers";
import { startLoops } from "./suites/cpu-cycle";
import { callOnce } from "./suites/throughput";

const PROFILE_DIR = new URL("results/profiles/hub-profile", import.meta.url).pathname;
const DEVICES_PER_USER = 3;

const { values: args } = parseArgs({
  options: {
    users: { type: "string", default: "30" },
    seconds: { type: "string", default: "10" },
    "warm-up": { type: "string", default: "15" },
    "cpu-prof": { type: "boolean", default: false },
    "heap-prof": { type: "boolean", default: false },
    "node-flag": { type: "string", multiple: true, default: [] },
  },
});

const flags = [
  ...(args["cpu-prof"] ? ["--cpu-prof", "--cpu-prof-dir", PROFILE_DIR] : []),
  ...(args["heap-prof"] ? ["--heap-prof", "--heap-prof-dir", PROFILE_DIR] : []),
  ...args["node-flag"],
];
const users = Number(args.users);
const hub = await startHub({ name: "hub-profile", nodeFlags: flags });
const accounts = await createBenchUsers(hub.url, users, DEVICES_PER_USER);
const pool = await startDevicePool(hubDeviceSpecs(accounts, [hub.url]), "auto-answer", 2);
const clients: Client[] = [];
for (const account of accounts) clients.push(await connectMcp(hub.url, account.tokens[0]!));

const loops = startLoops(clients.length, (loop) => callOnce(clients[loop]!));
try {
  await sleep(Number(args["warm-up"]) * 1000);
  const threadsBefore = threadCpuMs(hub.pid);
  const cpuBefore = cpuMs(hub.pid);
  const cyclesBefore = loops.completed();
  const startedAt = performance.now();
  await sleep(Number(args.seconds) * 1000);
  const cycles = loops.completed() - cyclesBefore;
  const seconds = (performance.now() - startedAt) / 1000;
  const cpu = cpuMs(hub.pid) - cpuBefore;
  const threads = [...threadCpuMs(hub.pid)].map(
    ([name, ms]) => [name, ms - (threadsBefore.get(name) ?? 0)] as const,
  );
  console.log(
    `${users} users × ${DEVICES_PER_USER} devices: ${cycles} cycles in ${seconds.toFixed(1)} s ` +
      `(${(cycles / seconds).toFixed(0)}/s), hub CPU ${(cpu / cycles).toFixed(3)} ms/cycle, ` +
      `${loops.wrong()} wrong`,
  );
  for (const [name, ms] of threads.sort((a, b) => b[1] - a[1]))
    if (ms > 0) console.log(`  ${name.padEnd(16)} ${(ms / cycles).toFixed(3)} ms/cycle`);
} finally {
  await loops.stop();
  await Promise.allSettled(clients.map((client) => client.close()));
  await pool.close();
  await stop(hub.child);
}
