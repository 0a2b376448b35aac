import type { ChildProcess } from "node:child_process";
import { startServer } from "./processes";

const ROOT = new URL("../../", import.meta.url).pathname;

/** A server child process: where it listens and the pid whose /proc figures are its cost. */
export interface ServerProcess {
  url: URL;
  pid: number;
  child: ChildProcess;
}

/**
 * Starts the real hub exactly as `npm start` does (apps/hub/src/main.ts, embedded store unless
 * `env` says otherwise) on a free loopback port. `nodeFlags` lets a run add `--cpu-prof`.
 */
export async function startHub(
  options: { env?: Record<string, string>; nodeFlags?: string[]; name?: string } = {},
): Promise<ServerProcess> {
  const { child, match } = await startServer({
    name: options.name ?? "hub",
    script: `${ROOT}apps/hub/src/main.ts`,
    env: { HUB_PORT: "0", HUB_HOST: "127.0.0.1", ...options.env },
    nodeFlags: options.nodeFlags ?? [],
    ready: /inquiry hub listening on (\S+)/,
  });
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
