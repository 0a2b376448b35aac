import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { spawnTracked } from "./processes";

const HUB_ENV_FILE = new URL("../../apps/hub/src/env.ts", import.meta.url);
const STARTUP_TIMEOUT_MS = 5_000;

/** Why two-node rows cannot run yet, or undefined when the hub reads REDIS_URL. */
export function multiNodeUnsupported(): string | undefined {
  return readFileSync(HUB_ENV_FILE, "utf8").includes("REDIS_URL")
    ? undefined
    : "the hub does not read REDIS_URL yet (apps/hub/src/env.ts)";
}

async function freeLoopbackPort(): Promise<number> {
  const server = createServer().listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  server.close();
  await once(server, "close");
  return port;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    const finish = (ok: boolean): void => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => finish(false));
    socket.on("error", () => finish(false));
    socket.on("connect", () => socket.write("PING\r\n"));
    socket.on("data", (data) => finish(data.toString("utf8").startsWith("+PONG")));
  });
}

/** A throwaway redis-server on loopback without persistence, for the two-node rows. */
export async function startRedis(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freeLoopbackPort();
  const child = spawnTracked("redis-server", [
    "--port",
    String(port),
    "--bind",
    "127.0.0.1",
    "--save",
    "",
    "--appendonly",
    "no",
  ]);
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (!(await answersPing(port))) {
    if (Date.now() > deadline || child.exitCode !== null)
      throw new Error("redis-server did not start");
    await sleep(50);
  }
  return { url: `redis://127.0.0.1:${port}`, child };
}
