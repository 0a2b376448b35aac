import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { once } from "node:events";
import path from "node:path";

/** The checkout's root, where `apps/<name>/src/main.ts` are. */
export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, "../../../..");

/** An app started from its real entry point, as `npm start` runs it (without the bundle). */
export interface EntryPointProcess {
  /** The first capture group of `ready` in its output (say, the URL it listens on). */
  ready: string;
  /** Everything it wrote so far, stdout and stderr. */
  output(): string;
  /** SIGTERM, then waits for the exit. */
  stop(): Promise<void>;
}

/**
 * Starts `apps/<app>/src/main.ts` with tsx in the app's folder, with exactly `env` (plus
 * PATH), and resolves once a line of its output matches `ready`; rejects with the output when
 * it exits first or takes longer than `timeoutMs`.
 */
export async function startEntryPoint(
  app: string,
  env: Record<string, string>,
  ready: RegExp,
  timeoutMs = 30_000,
): Promise<EntryPointProcess> {
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/main.ts"], {
    cwd: path.join(REPOSITORY_ROOT, "apps", app),
    env: { PATH: process.env.PATH, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const matched = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${app} did not start:\n${output}`)),
      timeoutMs,
    );
    const onData = (chunk: Buffer) => {
      output += chunk.toString("utf8");
      const match = ready.exec(output);
      if (match === null) return;
      clearTimeout(timer);
      resolve(match[1] ?? match[0]);
    };
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${app} exited with ${code}:\n${output}`));
    });
  });
  return {
    ready: matched,
    output: () => output,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, "exit");
      child.kill("SIGTERM");
      await exited;
    },
  };
}
