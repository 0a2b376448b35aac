import { spawn } from "node:child_process";
import type { ChildProcessWithoutNullStreams } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";

const EXAMPLES_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** An example agent running as its own Node process, as a developer runs it. */
export interface ExampleProcess {
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Resolves once a printed line contains `text`; rejects if the process exits first. */
  printed(text: string): Promise<void>;
  /** Resolves with the exit code once it ended on its own. */
  exited(): Promise<number | null>;
  /** Kills it without warning, like a crash or a redeploy, and waits until it is gone. */
  crash(): Promise<void>;
}

/**
 * Starts `examples/<script>` with tsx and the given environment (the hub URL, the agent key,
 * the state directory), never inheriting the test runner's own variables beyond PATH.
 */
export function startExample(script: string, env: Record<string, string>): ExampleProcess {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ["--import", "tsx", script],
    { cwd: EXAMPLES_ROOT, env: { PATH: process.env.PATH ?? "", ...env } },
  );
  const killOnExit = (): void => void child.kill("SIGKILL");
  process.once("exit", killOnExit);
  const exit = once(child, "exit").then(([code]) => {
    process.off("exit", killOnExit);
    return code as number | null;
  });
  let text = "";
  const listeners = new Set<() => void>();
  const append = (chunk: Buffer): void => {
    text += chunk.toString("utf8");
    for (const listener of listeners) listener();
  };
  child.stdout.on("data", append);
  child.stderr.on("data", append);
  return {
    output: () => text,
    printed(expected) {
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (!text.includes(expected)) return;
          listeners.delete(check);
          resolve();
        };
        listeners.add(check);
        check();
        void exit.then(() => {
          if (!text.includes(expected))
            reject(new Error(`example exited before printing "${expected}":\n${text}`));
        });
      });
    },
    exited: () => exit,
    async crash() {
      child.kill("SIGKILL");
      await exit;
    },
  };
}
