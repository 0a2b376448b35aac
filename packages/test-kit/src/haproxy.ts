import { execFile, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createConnection } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";
import { freeLoopbackPort } from "./free-port";
import { renderHaproxyConfig } from "./haproxy-config";
import type { HaproxyConfigOptions } from "./haproxy-config";
import { stopChild } from "./stop-child";

const run = promisify(execFile);
const STARTUP_TIMEOUT_MS = 5_000;

/** A throwaway HAProxy on a free loopback port, owned by one test file. */
export interface TestHaproxy {
  /** `http://127.0.0.1:<port>`: where clients connect. */
  readonly url: URL;
  /** Everything HAProxy logged so far (health check changes, one line per request). */
  output(): string;
  /** Each server's status as HAProxy sees it now (`UP`, `DOWN`, `UP 1/2`, …), by name. */
  serverStatus(): Promise<Record<string, string>>;
  /** Which server each pinned 2025-era MCP session id is stuck to, from the stick table. */
  pinnedSessions(): Promise<Map<string, string>>;
  /** Stops HAProxy and removes its directory; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Runs `haproxy -c` on a config text and throws with HAProxy's own complaint when it is
 * invalid, so a broken generator fails before anything listens.
 */
export async function checkHaproxyConfig(configText: string): Promise<void> {
  const directory = await mkdtemp(join(tmpdir(), "haproxy-check-"));
  try {
    const file = join(directory, "haproxy.cfg");
    await writeFile(file, configText);
    await run("haproxy", ["-c", "-q", "-f", file]).catch((error: Error & { stderr?: string }) => {
      throw new Error(`haproxy -c refused the config: ${error.stderr ?? error.message}`);
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Sends one command to the stats socket and returns the whole answer. */
function askStatsSocket(path: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = createConnection({ path });
    let answer = "";
    socket.setTimeout(2_000, () =>
      socket.destroy(new Error(`stats socket: no answer to ${command}`)),
    );
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("utf8")));
    socket.once("error", reject);
    socket.once("close", () => resolve(answer));
    socket.once("connect", () => socket.write(`${command}\n`));
  });
}

/** Reads `show stat` CSV into `{ server: status }` for the hub backend's servers. */
function parseServerStatus(csv: string): Record<string, string> {
  const [header, ...rows] = csv.trim().split("\n");
  const columns = (header ?? "").replace(/^# /, "").split(",");
  const proxy = columns.indexOf("pxname");
  const server = columns.indexOf("svname");
  const status = columns.indexOf("status");
  if (proxy < 0 || server < 0 || status < 0)
    throw new Error(`unexpected show stat header: ${header}`);
  const statuses: Record<string, string> = {};
  for (const row of rows) {
    const cells = row.split(",");
    const name = cells[server];
    if (cells[proxy] !== "hub_nodes" || name === undefined || name === "BACKEND") continue;
    statuses[name] = cells[status] ?? "";
  }
  return statuses;
}

/** Reads `show table hub_nodes` lines (`… key=<id> … server_key=<name>`) into a map. */
function parsePinnedSessions(dump: string): Map<string, string> {
  const pinned = new Map<string, string>();
  for (const match of dump.matchAll(/ key=(\S+) .*server_key=(\S+)/g)) {
    if (match[1] !== undefined && match[2] !== undefined) pinned.set(match[1], match[2]);
  }
  return pinned;
}

/**
 * Writes the shared config (see haproxy-config.ts) for `servers` on a free loopback port
 * with a stats socket, checks it with `haproxy -c`, runs HAProxy in the foreground and
 * resolves once it accepts connections. Stop it in afterAll; an exit hook kills it if the
 * test process dies first.
 */
export async function startHaproxy(
  options: Omit<HaproxyConfigOptions, "listen" | "statsSocketPath">,
): Promise<TestHaproxy> {
  const directory = await mkdtemp(join(tmpdir(), "haproxy-"));
  const statsSocketPath = join(directory, "stats.sock");
  const port = await freeLoopbackPort();
  const configText = renderHaproxyConfig({
    ...options,
    listen: { host: "127.0.0.1", port },
    statsSocketPath,
  });
  await checkHaproxyConfig(configText);
  const configFile = join(directory, "haproxy.cfg");
  await writeFile(configFile, configText);

  const child: ChildProcess = spawn("haproxy", ["-db", "-f", configFile], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const killOnExit = (): void => {
    child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  let failure: Error | undefined;
  child.once("error", (error) => (failure = new Error(`cannot run haproxy: ${error.message}`)));

  async function stop(): Promise<void> {
    process.off("exit", killOnExit);
    await stopChild(child);
    await rm(directory, { recursive: true, force: true });
  }

  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (!(await accepts(port))) {
    const problem =
      failure ?? (child.exitCode === null ? undefined : new Error(`haproxy exited:\n${output}`));
    if (problem === undefined && Date.now() < deadline) {
      await sleep(25);
      continue;
    }
    await stop();
    throw problem ?? new Error(`haproxy did not listen on ${port} in time:\n${output}`);
  }
  return {
    url: new URL(`http://127.0.0.1:${port}`),
    output: () => output,
    serverStatus: async () => parseServerStatus(await askStatsSocket(statsSocketPath, "show stat")),
    pinnedSessions: async () =>
      parsePinnedSessions(await askStatsSocket(statsSocketPath, "show table hub_nodes")),
    stop,
  };
}
