import { fork, spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import { createInterface } from "node:readline";
import { stopChild } from "@inquiry-hub/test-kit";

/** Started children, so `stopAll` can end every one of them on success, error or SIGINT. */
const running = new Set<ChildProcess>();

const READY_TIMEOUT_MS = 30_000;

/** Node flags for a TypeScript child run in the node process itself (so its pid is the server's). */
function nodeArgs(extra: string[]): string[] {
  return ["--import", "tsx", ...extra];
}

function track(child: ChildProcess): ChildProcess {
  running.add(child);
  child.once("exit", () => running.delete(child));
  return child;
}

/**
 * Spawns `node --import tsx <script>` and resolves with the first stdout match of `ready`
 * (e.g. the "listening on" line carrying the URL). Output after that is passed through with a
 * prefix, so a failing server is visible. Rejects when the child exits or stays silent.
 * `built: true` runs a bundled `dist/main.js` as `npm start` does (`node --enable-source-maps`,
 * no TypeScript loader), from `cwd` (the app's folder, like the workspace script).
 */
export async function startServer(options: {
  name: string;
  script: string;
  env?: Record<string, string>;
  nodeFlags?: string[];
  ready: RegExp;
  built?: boolean;
  cwd?: string;
}): Promise<{ child: ChildProcess; match: RegExpMatchArray }> {
  const flags = options.nodeFlags ?? [];
  const args = options.built
    ? ["--enable-source-maps", ...flags, options.script]
    : nodeArgs([...flags, options.script]);
  const child = track(
    spawn(process.execPath, args, {
      env: { ...process.env, ...options.env },
      stdio: ["ignore", "pipe", "inherit"],
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    }),
  );
  const lines = createInterface({ input: child.stdout! });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${options.name} not ready`)),
      READY_TIMEOUT_MS,
    );
    let ready = false;
    lines.on("line", (line) => {
      const match = ready ? null : line.match(options.ready);
      if (match === null) {
        if (ready) console.log(`[${options.name}] ${line}`);
        return;
      }
      ready = true;
      clearTimeout(timer);
      resolve({ child, match });
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`${options.name} exited with ${code} before ready`));
    });
  });
}

/** Forks a TypeScript worker with an IPC channel (load generators). */
export function forkWorker(script: string): ChildProcess {
  return track(
    fork(script, [], { execArgv: nodeArgs([]), stdio: ["ignore", "inherit", "inherit", "ipc"] }),
  );
}

/** Stops one child: SIGTERM, then SIGKILL after a grace period. */
export const stop = stopChild;

/** Waits up to `ms` for a child that was told to finish to exit by itself, then stops it. */
export async function exitWithin(child: ChildProcess, ms: number): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      once(child, "exit"),
      new Promise((resolve) => (timer = setTimeout(resolve, ms))),
    ]);
    clearTimeout(timer);
  }
  await stop(child);
}

/** Stops every child this process started and has not stopped yet. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running].map((child) => stop(child)));
}
