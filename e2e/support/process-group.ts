import { spawn } from "node:child_process";
import { openSync } from "node:fs";

/** A launcher run as a terminal runs it: in its own process group, output to a log file. */
export interface ProcessGroup {
  /** The exit code once the launcher itself has exited, null while it runs. */
  exitCode(): number | null;
  /** Sends `signal` to every process of the group, as a terminal's Ctrl-C reaches them all. */
  signal(signal: NodeJS.Signals): void;
  /** Resolves true once no process of the group is alive, false if some still are after `timeoutMs`. */
  gone(timeoutMs: number): Promise<boolean>;
}

const pause = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 250));

/** Spawns `command args` in `cwd` with `env`, detached into its own process group. */
export function spawnGroup(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; logFile: string },
): ProcessGroup {
  const output = openSync(options.logFile, "a");
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: options.env,
    detached: true,
    stdio: ["ignore", output, output],
  });
  const pgid = child.pid;
  if (pgid === undefined) throw new Error(`${command} did not start`);
  const alive = (): boolean => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch {
      return false;
    }
  };
  return {
    exitCode: () => child.exitCode,
    signal(signal) {
      if (alive()) process.kill(-pgid, signal);
    },
    async gone(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (alive()) {
        if (Date.now() > deadline) return false;
        await pause();
      }
      return true;
    },
  };
}

/** Polls `check` every 250 ms until it holds; throws `${what} within <timeout> ms` past it. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs} ms`);
    await pause();
  }
}
