/**
 * `npm run bench [-- --quick | --smoke] [-- --only fan-out,throughput,memory,parser,store,reattach,cycle] [-- --cpu-prof]`
 *
 * Starts everything it measures as child processes on 127.0.0.1 (the hub exactly as
 * `npm start` runs it, the bare Socket.IO baseline, device workers, redis-server for the
 * two-node rows; the built hub, demo-tools and agents for re-attach), measures the issue's
 * figures, writes bench/results/<date>.json and .md (`<date>-quick.*` for `--quick`,
 * `<date>-<suites>.*` for `--only`, so a partial look never overwrites a full run's figures),
 * prints the markdown, and stops every child it started, also on error and Ctrl-C.
 * `--smoke` (run by `npm test`) writes nothing and fails unless every suite measured something.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { startRedisServer } from "@inquiry-hub/test-kit";
import { describeMachine } from "./lib/machine";
import { parseOptions, SUITE_NAMES } from "./lib/options";
import type { BenchOptions } from "./lib/options";
import { stop, stopAll } from "./lib/processes";
import { multiNodeUnsupported } from "./lib/redis";
import { startBaseline, startHub } from "./lib/servers";
import type { ServerProcess } from "./lib/servers";
import { renderMarkdown } from "./report/markdown";
import { assertSmokeMeasured } from "./report/smoke-check";
import type { BenchResults } from "./report/results";
import { runCpuCycle } from "./suites/cpu-cycle";
import { runFanOut } from "./suites/fan-out";
import { runMemory } from "./suites/memory";
import { runParser } from "./suites/parser";
import { runReattach } from "./suites/reattach";
import { runStoreOps } from "./suites/store-ops";
import { runThroughput } from "./suites/throughput";

const RESULTS_DIR = new URL("./results/", import.meta.url).pathname;

/**
 * One profile directory per hub run, with Node's default file names: a fixed `--cpu-prof-name`
 * would make the tsx loader thread's profile overwrite the main thread's (both write on exit).
 * The main thread's is the `….0.001.cpuprofile` one.
 */
function hubFlags(options: BenchOptions, label: string): string[] {
  return options.profileHub
    ? ["--cpu-prof", "--cpu-prof-dir", `${RESULTS_DIR}profiles/${label}`]
    : [];
}

/**
 * The results' file name: `<date>` for a full run of every suite, with `-quick` for a quick
 * run and `-<suite>+<suite>` for a run of some suites, so neither ever overwrites a full run.
 */
function resultsName(date: string, options: BenchOptions): string {
  const partial = SUITE_NAMES.some((suite) => !options.suites.has(suite));
  return [
    date,
    ...(options.mode === "quick" ? ["quick"] : []),
    ...(partial ? [[...options.suites].join("+")] : []),
  ].join("-");
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
  const unsupported = multiNodeUnsupported();
  for (const users of options.throughputUsers) {
    if (unsupported !== undefined) {
      results.throughput.push({ users, nodes: 2, notMeasured: unsupported });
      continue;
    }
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
  const options = parseOptions(process.argv.slice(2));
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
    results.parser = runParser(options.parserChunks, options.parserIterations);
  if (options.suites.has("fan-out")) {
    results.fanOut = await withServers(
      () => Promise.all([startHub({ nodeFlags: hubFlags(options, "fan-out") }), startBaseline()]),
      ([hub, baseline]) => runFanOut(options, hub!, baseline!),
    );
  }
  if (options.suites.has("throughput")) await throughputRows(options, results);
  if (options.suites.has("memory")) {
    for (const devices of options.memoryDevices) results.memory.push(await runMemory(devices));
  }
  if (options.suites.has("store")) results.store = await runStoreOps(options.storeCycles);
  if (options.suites.has("reattach"))
    results.reattach = await runReattach(options.reattachRuns, options.reattachSamples);
  if (options.suites.has("cycle"))
    results.cycle = await runCpuCycle(options.cycle, hubFlags(options, "cycle"));
  machine.finish();

  const markdown = renderMarkdown(results, options.resolutionSizes);
  if (options.mode === "smoke") {
    console.log(`\n${markdown}`);
    assertSmokeMeasured(results, options);
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
