/**
 * `npm run frames -w @inquiry-hub/bench [-- --cycles <n>] [-- --only hub,bare,sdk-only]
 * [-- --show [--preview <bytes>]]`
 *
 * What one full inquiry cycle writes to sockets, counted rather than timed, on the hub (the
 * built bundle, one node, embedded store) and on the cycle suite's two floors
 * (bench/baseline-server.ts `POST /cycle`, bench/sdk-only-server.ts). Each server runs with
 * bench/lib/write-tally-preload.ts, which counts every write request its TCP sockets make. One
 * user's 3 devices (one worker, auto-answering over the socket as in the cycle suite); on the
 * hub an official v1 SDK client calling `send_inquiry` with a progress token, as the cycle suite
 * does, on the SDK-only floor the same client at its defaults. After warm-up cycles, `--cycles`
 * cycles (50) run one at a time and the writes are divided by them: per socket kind (the device
 * websockets, each HTTP request kind) and the Socket.IO frames by event. `--show` also lists
 * each write of one single cycle. Deterministic, so it is the evidence for a change to the write
 * path; CPU is `npm run bench`'s to measure.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { CallToolResultSchema } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { startDevicePool } from "./lib/device-pool";
import type { DevicePool } from "./lib/device-pool";
import {
  connectMcp,
  connectMcpAt,
  createBenchUser,
  hubDeviceSpecs,
  resultText,
} from "./lib/hub-client";
import { BENCH_OPTIONS, benchPrompt } from "./lib/inquiry-payload";
import { stopAll } from "./lib/processes";
import { startHub } from "./lib/servers";
import { startServer } from "./lib/processes";
import type { TalliedWrite, WriteTally } from "./lib/write-tally-preload";
import { callOnce } from "./suites/throughput";

const ROOT = new URL("../", import.meta.url).pathname;
const PRELOAD = `${ROOT}bench/lib/write-tally-preload.ts`;
const DEVICES = 3;
const WARM_UP_CYCLES = 20;

const { values: args } = parseArgs({
  options: {
    cycles: { type: "string", default: "50" },
    show: { type: "boolean", default: false },
    only: { type: "string", default: "hub,bare,sdk-only" },
    preview: { type: "string", default: "60" },
  },
});
const cycles = Number(args.cycles);
const workDir = mkdtempSync(path.join(tmpdir(), "frames-per-cycle-"));

/** A server under count: its pid and the file its preload writes on SIGUSR2. */
interface Counted {
  pid: number;
  file: string;
}

/** Asks the server's preload for the writes since the last ask (and starts it counting anew). */
async function collect(server: Counted): Promise<TalliedWrite[]> {
  rmSync(server.file, { force: true });
  process.kill(server.pid, "SIGUSR2");
  while (!existsSync(server.file)) await sleep(10);
  await sleep(20);
  return (JSON.parse(readFileSync(server.file, "utf8")) as WriteTally).writes;
}

/** The writes of `cycles` cycles: per socket kind, per HTTP request kind and per frame label. */
function summarise(writes: TalliedWrite[], cycles: number): string[] {
  const per = (n: number): string => (n / cycles).toFixed(2);
  const rows = new Map<string, { writes: number; bytes: number; sockets: Set<string> }>();
  const frames = new Map<string, number>();
  for (const write of writes) {
    const kind = write.socket.replace(/ :\d+$/, "");
    const row = rows.get(kind) ?? { writes: 0, bytes: 0, sockets: new Set<string>() };
    rows.set(kind, row);
    row.writes += 1;
    row.bytes += write.bytes;
    row.sockets.add(write.socket);
    if (kind === "websocket")
      for (const label of write.carried) frames.set(label, (frames.get(label) ?? 0) + 1);
  }
  const lines = [...rows].map(
    ([kind, row]) =>
      `  ${kind}: ${per(row.writes)} writes, ${per(row.bytes)} bytes per cycle` +
      (kind === "websocket" ? ` over ${row.sockets.size} sockets` : ""),
  );
  const total = writes.length;
  lines.push(`  all sockets: ${per(total)} writes per cycle`);
  for (const [label, count] of [...frames].sort())
    lines.push(`    frame ${label}: ${per(count)} per cycle`);
  return lines;
}

/**
 * The process's write system calls so far (`syscw` of /proc/<pid>/io): every write and writev,
 * to sockets and to files (the store, the log) alike, as the kernel counted them.
 */
function writeSyscalls(pid: number): number {
  const match = /^syscw: (\d+)$/m.exec(readFileSync(`/proc/${pid}/io`, "utf8"));
  return Number(match?.[1] ?? Number.NaN);
}

/** Warms the side up, counts one cycle (listed with --show), then `cycles` cycles. */
async function count(name: string, server: Counted, once: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < WARM_UP_CYCLES; i += 1) await once();
  await sleep(300);
  await collect(server);
  if (!(await once())) throw new Error(`${name}: a wrong result`);
  await sleep(300);
  const single = await collect(server);
  let wrong = 0;
  const syscallsBefore = writeSyscalls(server.pid);
  for (let i = 0; i < cycles; i += 1) if (!(await once())) wrong += 1;
  await sleep(300);
  const syscalls = writeSyscalls(server.pid) - syscallsBefore;
  const many = await collect(server);
  console.log(`${name} (${cycles} cycles, ${wrong} wrong):`);
  for (const line of summarise(many, cycles)) console.log(line);
  console.log(
    `  write system calls (sockets and files): ${(syscalls / cycles).toFixed(2)} per cycle`,
  );
  if (args.show) {
    console.log(`  one cycle, write by write:`);
    for (const write of single)
      console.log(`    ${write.socket} ${write.bytes} B ${write.carried.join(" + ")}`);
  }
}

function roomPool(url: URL, room: string): Promise<DevicePool> {
  const specs = Array.from({ length: DEVICES }, () => ({
    url: url.origin,
    auth: { room },
    userId: room,
  }));
  return startDevicePool(specs, "auto-answer", 1);
}

async function startFloor(name: string, script: string, file: string) {
  const { child, match } = await startServer({
    name,
    script: `${ROOT}bench/${script}`,
    ready: new RegExp(`${name} listening on (\\S+)`),
    env: { WRITE_TALLY_FILE: file, WRITE_TALLY_PREVIEW: args.preview },
    nodeFlags: ["--import", PRELOAD],
  });
  return { url: new URL(match[1]!), counted: { pid: child.pid!, file } };
}

const FloorReplySchema = z.object({ answer: z.string() });

async function countHub(): Promise<void> {
  const hubFile = path.join(workDir, "hub.json");
  const hub = await startHub({
    env: { WRITE_TALLY_FILE: hubFile, WRITE_TALLY_PREVIEW: args.preview },
    nodeFlags: ["--import", PRELOAD],
  });
  const user = await createBenchUser(hub.url, DEVICES);
  const hubPool = await startDevicePool(hubDeviceSpecs([user], [hub.url]), "auto-answer", 1);
  const mcp: Client = await connectMcp(hub.url, user.tokens[0]!);
  await count("hub", { pid: hub.pid, file: hubFile }, () => callOnce(mcp));
  await mcp.close();
  await hubPool.close();
}

async function countBare(): Promise<void> {
  const bare = await startFloor("baseline", "baseline-server.ts", path.join(workDir, "bare.json"));
  const barePool = await roomPool(bare.url, "frames");
  await count("bare floor", bare.counted, async () => {
    const response = await fetch(new URL("/cycle?room=frames", bare.url), { method: "POST" });
    return FloorReplySchema.parse(await response.json()).answer.startsWith("answer-");
  });
  await barePool.close();
}

async function countSdkOnly(): Promise<void> {
  const sdk = await startFloor("sdk-only", "sdk-only-server.ts", path.join(workDir, "sdk.json"));
  const sdkPool = await roomPool(sdk.url, "frames");
  const client = await connectMcpAt(sdk.url);
  let asked = 0;
  await count("sdk-only floor", sdk.counted, async () => {
    const result = await client.callTool(
      {
        name: "send_inquiry",
        arguments: { room: "frames", prompt: benchPrompt((asked += 1)), options: BENCH_OPTIONS },
      },
      CallToolResultSchema,
    );
    return resultText(result).startsWith("answer-");
  });
  await client.close();
  await sdkPool.close();
}

async function main(): Promise<void> {
  const sides = new Set(args.only.split(","));
  if (sides.has("hub")) await countHub();
  if (sides.has("bare")) await countBare();
  if (sides.has("sdk-only")) await countSdkOnly();
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => {
    rmSync(workDir, { recursive: true, force: true });
    return stopAll();
  });
