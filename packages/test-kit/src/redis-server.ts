import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createConnection } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { freeLoopbackPort } from "./free-port";

/** A throwaway `redis-server` on 127.0.0.1, owned by one test file (or one bench row). */
export interface TestRedisServer {
  /** `redis://127.0.0.1:<port>`; stays the same across restarts. */
  readonly url: string;
  readonly port: number;
  /** The redis-server process id while it runs (its CPU is read from /proc by the bench). */
  readonly pid: number | undefined;
  /** Stops the server (SIGTERM) and waits for the process to exit; safe to call twice. */
  stop(): Promise<void>;
  /** Starts a stopped server again on the same port: empty, or from its AOF when persistent. */
  start(): Promise<void>;
  /** `stop()`, keep it down `downMs`, `start()`: for fault tests. */
  restart(downMs?: number): Promise<void>;
}

const STARTUP_TIMEOUT_MS = 5_000;

/** How the server persists; the default keeps nothing, so a restart starts empty. */
export interface RedisServerOptions {
  /**
   * With a directory: AOF on (`--appendonly yes --appendfsync always`) in it, so every write
   * survives a restart, even a SIGKILL. The caller owns (and removes) the directory.
   */
  appendOnlyDir?: string;
}
const STOP_TIMEOUT_MS = 5_000;

/** True when something on `port` answers a RESP PING with +PONG. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let reply = "";
    const finish = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => finish(false));
    socket.on("error", () => finish(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (chunk) => {
      reply += chunk.toString("utf8");
      if (reply.includes("\r\n")) finish(reply.startsWith("+PONG"));
    });
  });
}

/**
 * Spawns redis-server with no persistence and waits until it answers PING. Fails loudly
 * (never skips) when redis-server is not installed: CI installs it, so its absence is a bug.
 */
async function spawnRedis(port: number, options: RedisServerOptions): Promise<ChildProcess> {
  const persistence =
    options.appendOnlyDir === undefined
      ? ["--appendonly", "no"]
      : ["--appendonly", "yes", "--appendfsync", "always", "--dir", options.appendOnlyDir];
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", ...persistence],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
  let failure: Error | undefined;
  child.once("error", (error) => {
    failure = new Error(`cannot run redis-server (is it installed and on PATH?): ${error.message}`);
  });
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (failure !== undefined) throw failure;
    if (child.exitCode !== null)
      throw new Error(`redis-server exited with ${child.exitCode}:\n${output}`);
    if (await answersPing(port)) return child;
    await sleep(25);
  }
  child.kill("SIGKILL");
  throw new Error(`redis-server did not answer PING on port ${port} in time:\n${output}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, "exit");
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts a private redis-server on a free loopback port. Stop it in afterAll; if the test
 * process dies first, an exit hook kills it so no server outlives the run.
 */
export async function startRedisServer(options: RedisServerOptions = {}): Promise<TestRedisServer> {
  const port = await freeLoopbackPort();
  let child: ChildProcess | undefined;
  const killOnExit = (): void => {
    child?.kill("SIGKILL");
  };

  async function start(): Promise<void> {
    if (child !== undefined) throw new Error("test redis-server is already running");
    child = await spawnRedis(port, options);
    process.once("exit", killOnExit);
  }

  async function stop(): Promise<void> {
    if (child === undefined) return;
    process.off("exit", killOnExit);
    await stopProcess(child);
    child = undefined;
  }

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    get pid() {
      return child?.pid;
    },
    stop,
    start,
    async restart(downMs = 0) {
      await stop();
      await sleep(downMs);
      await start();
    },
  };
}
