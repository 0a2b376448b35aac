/**
 * `npm run bench [-- --quick | --smoke] [-- --only fan-out,throughput,memory,parser,store,reattach,cycle,devices]
 *  [-- --devices <n>] [-- --cpu-prof] [-- --check]`
 *
 * Starts everything it measures as child processes on 127.0.0.1 (the hub exactly as
 * `npm start` runs it, the bare Socket.IO baseline, device workers, redis-server for the
 * two-node rows; the built hub, demo-tools and agents for re-attach; the built hub with
 * thousands of devices for `devices`, which runs only when named in `--only`), measures the
 * issue's figures, writes bench/results/<date>.json and .md (`<date>-quick.*` for `--quick`,
 * `<date>-<suites>.*` for `--only`, `-<n>` added for `--devices <n>`, so a partial look never
 * overwrites a full run's figures), prints the markdown, and stops every child it started, also
 * on error and Ctrl-C. A check run (`--check`, which `npm test` passes with `--quick`;
 * `--smoke`; or `CI=true`) writes nothing and fails unless every suite measured everything.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { startRedisServer } from "@inquiry-hub/test-kit";
import { describeMachine } from "./lib/machine";
import { DEFAULT_SUITES, parseOptions } from "./lib/options";
import type { BenchOptions } from "./lib/options";
import { stop, stopAll } from "./lib/processes";
import { startBaseline, startHub } from "./lib/servers";
import type { ServerProcess } from "./lib/servers";
import { renderMarkdown } from "./report/markdown";
import { assertMeasured } from "./report/smoke-check";
import type { BenchResults } from "./report/results";
import { runCpuCycle } from "./suites/cpu-cycle";
import { runDevices } from "./suites/devices";
import { runFanOut } from "./suites/fan-out";
import { runMemory } from "./suites/memory";
import { runParser } from "./suites/parser";
import { runReattach } from "./suites/reattach";
import { runStoreOps } from "./suites/store-ops";
import { runThroughput } from "./suites/throughput";

const RESULTS_DIR = new URL("./results/", import.meta.url).pathname;

/** One profile directory per hub run, so a later run never overwrites an earlier one's profile. */
function hubFlags(options: BenchOptions, label: string): string[] {
  return options.profileHub
    ? ["--cpu-prof", "--cpu-prof-dir", `${RESULTS_DIR}profiles/${label}`]
    : [];
}

/**
 * The results' file name: `<date>` for a full run of the default suites, with `-quick` for a
 * quick run, `-<suite>+<suite>` for any other selection and `-<n>` for `--devices <n>`, so
 * none ever overwrites a full run.
 */
function resultsName(date: string, options: BenchOptions): string {
  const partial =
    options.suites.size !== DEFAULT_SUITES.length ||
    DEFAULT_SUITES.some((suite) => !options.suites.has(suite));
  return [
    date,
    ...(options.mode === "quick" ? ["quick"] : []),
    ...(partial ? [[...options.suites].join("+")] : []),
    ...(options.devicesFlag === undefined ? [] : [String(options.devicesFlag)]),
  ].join("-");
}

/** Runs one suite and logs its wall time, so a slow suite is visible in CI's log. */
async function timed<T>(suite: string, work: () => Promise<T> | T): Promise<T> {
  const startedAt = performance.now();
  try {
    return await work();
  } finally {
    console.log(`${suite}: done in ${((performance.now() - startedAt) / 1000).toFixed(0)} s`);
  }
}

/** Runs `work` against fresh processes from `start`, always stopping them afterwards. */
async function withServers<T>(
  start: () => Promise<ServerProcess[]>,
  work: (servers: ServerProcess[]) => Promise<T>,
): Promise<T> {
  const servers = await start();
  try {
    return await work(servers);
  } finally {
    await Promise.all(servers.map((server) => stop(server.child)));
  }
}

async function throughputRows(options: BenchOptions, results: BenchResults): Promise<void> {
  for (const users of options.throughputUsers) {
    results.throughput.push(
      await withServers(
        async () => [await startHub({ nodeFlags: hubFlags(options, `throughput-${users}`) })],
        (hubs) => runThroughput(users, options.throughputSeconds, hubs),
      ),
    );
  }
  for (const users of options.throughputUsers) {
    const redis = await startRedisServer();
    try {
      const start = (): Promise<ServerProcess[]> =>
        Promise.all(
          [0, 1].map((node) => startHub({ name: `hub${node}`, env: { REDIS_URL: redis.url } })),
        );
      results.throughput.push(
        await withServers(start, (hubs) => runThroughput(users, options.throughputSeconds, hubs)),
      );
    } finally {
      await redis.stop();
    }
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2), process.env);
  const machine = describeMachine();
  const date = new Date().toISOString().slice(0, 10);
  const results: BenchResults = {
    date,
    mode: options.mode,
    machine: machine.info,
    fanOut: [],
    throughput: [],
    memory: [],
  };

  if (options.suites.has("parser"))
    results.parser = await timed("parser", () =>
      runParser(options.parserChunks, options.parserIterations),
    );
  if (options.suites.has("fan-out")) {
    results.fanOut = await timed("fan-out", () =>
      withServers(
        () => Promise.all([startHub({ nodeFlags: hubFlags(options, "fan-out") }), startBaseline()]),
        ([hub, baseline]) => runFanOut(options, hub!, baseline!),
      ),
    );
  }
  if (options.suites.has("throughput"))
    await timed("throughput", () => throughputRows(options, results));
  if (options.suites.has("memory")) {
    await timed("memory", async () => {
      for (const devices of options.memoryDevices) results.memory.push(await runMemory(devices));
    });
  }
  if (options.suites.has("store"))
    results.store = await timed("store", () => runStoreOps(options.storeCycles));
  if (options.suites.has("reattach"))
    results.reattach = await timed("reattach", () =>
      runReattach(options.reattachRuns, options.reattachSamples),
    );
  if (options.suites.has("cycle"))
    results.cycle = await timed("cycle", () =>
      runCpuCycle(options.cycle, hubFlags(options, "cycle")),
    );
  if (options.suites.has("devices"))
    results.devices = await timed("devices", () =>
      runDevices(options.devices, hubFlags(options, "devices")),
    );
  machine.finish();

  const markdown = renderMarkdown(results, options.resolutionSizes);
  if (options.check) {
    console.log(`\n${markdown}`);
    assertMeasured(results, options);
    return;
  }
  const name = resultsName(date, options);
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(`${RESULTS_DIR}${name}.json`, `${JSON.stringify(results, null, 2)}\n`);
  writeFileSync(`${RESULTS_DIR}${name}.md`, markdown);
  console.log(`\n${markdown}`);
}

function abort(signal: string): void {
  console.error(`${signal}: stopping every process the bench started`);
  void stopAll().finally(() => process.exit(130));
}
process.once("SIGINT", () => abort("SIGINT"));
process.once("SIGTERM", () => abort("SIGTERM"));

void main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => stopAll());
