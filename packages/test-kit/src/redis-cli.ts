import { execFile } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { promisify } from "node:util";

const run = promisify(execFile);

/** How often a poll re-reads what it waits for. */
const POLL_MS = 50;

/**
 * Runs one `redis-cli` command against a test server on 127.0.0.1 and resolves with its
 * output; rejects when the server does not answer within `timeoutMs`.
 */
export async function redisCli(port: number, args: string[], timeoutMs: number): Promise<string> {
  const { stdout } = await run("redis-cli", ["-h", "127.0.0.1", "-p", String(port), ...args], {
    timeout: timeoutMs,
  });
  return stdout;
}

/**
 * Polls `check` until it gives a value (not undefined) and resolves with it; a check that
 * throws counts as not yet (a server still starting refuses connections). Rejects naming
 * `what` after `timeoutMs`.
 */
export async function pollUntil<T>(
  what: string,
  timeoutMs: number,
  check: () => Promise<T | undefined>,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    await sleep(POLL_MS);
  }
  throw new Error(`${what} not reached within ${timeoutMs} ms`);
}
