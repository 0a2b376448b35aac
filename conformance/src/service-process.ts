import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { stopChild } from "@inquiry-hub/test-kit";

const READY_TIMEOUT_MS = 30_000;

/** A built service of the product, running as a child process. */
export interface ServiceProcess {
  /** The first stdout line that matched the service's ready pattern. */
  readonly ready: RegExpMatchArray;
  /** SIGTERM, SIGKILL after a grace period; resolves once the process has exited. */
  stop(): Promise<void>;
}

/**
 * Runs an app's bundle as `npm start` does (`node --enable-source-maps dist/main.js` in the
 * app's folder) and resolves on the first stdout line matching `ready`. Its logs go to stderr
 * with a `[name]` prefix, so a failing run shows what the hub said. Rejects, with the process
 * stopped, when it exits or stays silent for 30 s.
 */
export async function startServiceProcess(options: {
  name: string;
  appDir: string;
  env: Record<string, string>;
  ready: RegExp;
}): Promise<ServiceProcess> {
  const child = spawn(process.execPath, ["--enable-source-maps", "dist/main.js"], {
    cwd: options.appDir,
    env: { ...process.env, ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const prefix = (line: string): void => void process.stderr.write(`[${options.name}] ${line}\n`);
  createInterface({ input: child.stderr }).on("line", prefix);
  const stop = (): Promise<void> => stopChild(child);
  const ready = await new Promise<RegExpMatchArray>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${options.name}: not ready in time`)),
      READY_TIMEOUT_MS,
    );
    createInterface({ input: child.stdout }).on("line", (line) => {
      const match = line.match(options.ready);
      if (match === null) return prefix(line);
      clearTimeout(timer);
      resolve(match);
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${options.name}: exited (${code}) before it was ready`));
    });
  }).catch(async (error: unknown) => {
    await stop();
    throw error;
  });
  return { ready, stop };
}
