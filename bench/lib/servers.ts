import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { HUB_LISTENING_LINE } from "@inquiry-hub/test-kit";
import { startServer } from "./processes";

const ROOT = new URL("../../", import.meta.url).pathname;

/**
 * The hub's abuse limits are per address and per user per minute; the bench registers
 * thousands of users from 127.0.0.1 and drives each user far past a human's pace, so it lifts
 * them (the limiters still run and count every attempt, so their cost stays in the figures).
 */
const BENCH_RATE_LIMITS: Record<string, string> = {
  HUB_RATE_LIMIT_LOGIN_PER_MINUTE: "1000000",
  HUB_RATE_LIMIT_PAIRING_PER_MINUTE: "1000000",
  HUB_RATE_LIMIT_ANSWERS_PER_MINUTE: "1000000",
  HUB_RATE_LIMIT_INQUIRIES_PER_MINUTE: "1000000",
};

/** A server child process: where it listens and the pid whose /proc figures are its cost. */
export interface ServerProcess {
  url: URL;
  pid: number;
  child: ChildProcess;
}

/** The V8 flags of apps/hub's `start` script; the bench runs the hub as `npm start` does. */
const HUB_START_FLAGS = ["--max-semi-space-size=64"];

/**
 * Starts the real hub exactly as `npm start` does (the bundle apps/hub/dist/main.js, which turbo
 * builds before the bench's test, with HUB_START_FLAGS; embedded store unless `env` says
 * otherwise) on a free loopback port. `nodeFlags` lets a run add `--cpu-prof`.
 * Its data folder is a fresh temp dir, removed when the hub exits, so a run never writes into
 * the checkout's `.data` and every run starts empty; `dataDir` instead names a folder the
 * caller owns (and removes), so a second hub process can start on the first one's data.
 */
export async function startHub(
  options: {
    env?: Record<string, string>;
    nodeFlags?: string[];
    name?: string;
    dataDir?: string;
  } = {},
): Promise<ServerProcess> {
  const owned = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), "bench-hub-data-"));
  const removeOwned = (): void => {
    if (owned) rmSync(dataDir, { recursive: true, force: true });
  };
  const { child, match } = await startServer({
    name: options.name ?? "hub",
    script: `${ROOT}apps/hub/dist/main.js`,
    built: true,
    cwd: `${ROOT}apps/hub`,
    env: {
      HUB_PORT: "0",
      HUB_HOST: "127.0.0.1",
      HUB_DATA_DIR: dataDir,
      ...BENCH_RATE_LIMITS,
      ...options.env,
    },
    nodeFlags: [...HUB_START_FLAGS, ...(options.nodeFlags ?? [])],
    ready: HUB_LISTENING_LINE,
  }).catch((error: unknown) => {
    removeOwned();
    throw error;
  });
  child.once("exit", removeOwned);
  return { url: new URL(match[1]!), pid: child.pid!, child };
}

/** Starts bench/baseline-server.ts, the bare Socket.IO broadcaster, on a free loopback port. */
export async function startBaseline(): Promise<ServerProcess> {
  const { child, match } = await startServer({
    name: "baseline",
    script: `${ROOT}bench/baseline-server.ts`,
    ready: /baseline listening on (\S+)/,
  });
  return { url: new URL(match[1]!), pid: child.pid!, child };
}

/**
 * Starts bench/sdk-only-server.ts, the official MCP SDK's documented HTTP handler with one
 * Socket.IO-backed tool, on a free loopback port.
 */
export async function startSdkOnly(): Promise<ServerProcess> {
  const { child, match } = await startServer({
    name: "sdk-only",
    script: `${ROOT}bench/sdk-only-server.ts`,
    ready: /sdk-only listening on (\S+)/,
  });
  return { url: new URL(match[1]!), pid: child.pid!, child };
}
