import type { Redis } from "ioredis";
import { runKeysUnder } from "./redis-run-keys";

/**
 * One-shot move of a standalone or Sentinel Redis from the run keys before Redis Cluster
 * support (`<p>run:<id>`, `<p>run:<id>:log`, `<p>run:<id>:lease`) to the hash-tagged ones of
 * redis-run-keys.ts (`<p>run:{<id>}`…). Runs outlive an agent restart (another node claims a
 * running run from its checkpoint; finished ones are kept as history), so they are moved, not
 * dropped. Run it while every agent node is stopped.
 *
 * Idempotent: keys already carrying a `{…}` tag are not of the old layout; each old key moves
 * with RENAMENX, which keeps its TTL and never overwrites a new key (reported in `conflicts`).
 * `runs:running` lists run ids and keeps its name, so it needs no change.
 */
export interface RunKeyMigrationReport {
  /** Old run hashes, logs and leases moved (or, on a dry run, that would move). */
  runKeys: number;
  /** Old keys left in place because their new key already exists, as `old -> new`. */
  conflicts: string[];
  /** Keys under `<p>run:` that are not of the old layout, left untouched. */
  unrecognized: string[];
}

const SCAN_COUNT = 500;
const OLD_RUN_KEY = /^([^:{}]+)(?::(log|lease))?$/;

/** `text` as a literal inside a SCAN MATCH glob. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}

/**
 * Moves the run keys under `options.prefix` (default `agent:`) to the tagged layout. Refuses
 * a Redis in cluster mode, which never held the old layout.
 *
 * @example
 * await migrateRunKeys(new Redis("redis://127.0.0.1:6379"), { prefix: "agent:" });
 */
export async function migrateRunKeys(
  redis: Redis,
  options: { prefix?: string; dryRun?: boolean } = {},
): Promise<RunKeyMigrationReport> {
  const prefix = options.prefix ?? "agent:";
  const dryRun = options.dryRun ?? false;
  if (/^cluster_enabled:1\s*$/m.test(await redis.info("cluster")))
    throw new Error(
      "this Redis runs in cluster mode: the run key migration is for one Redis or a Sentinel master only",
    );
  const keys = runKeysUnder(prefix);
  const report: RunKeyMigrationReport = { runKeys: 0, conflicts: [], unrecognized: [] };
  const runPrefix = `${prefix}run:`;

  const found = new Set<string>();
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(
      cursor,
      "MATCH",
      `${escapeGlob(runPrefix)}*`,
      "COUNT",
      SCAN_COUNT,
    );
    for (const key of batch) found.add(key);
    cursor = next;
  } while (cursor !== "0");

  for (const key of [...found].sort()) {
    const rest = key.slice(runPrefix.length);
    if (rest.startsWith("{")) continue;
    const [, runId, part] = OLD_RUN_KEY.exec(rest) ?? [];
    if (runId === undefined) {
      report.unrecognized.push(key);
      continue;
    }
    const to =
      part === "log" ? keys.log(runId) : part === "lease" ? keys.lease(runId) : keys.run(runId);
    const moved = dryRun ? (await redis.exists(to)) === 0 : await renameIfFree(redis, key, to);
    if (moved) report.runKeys += 1;
    else if ((await redis.exists(key)) === 1) report.conflicts.push(`${key} -> ${to}`);
  }
  return report;
}

/** RENAMENX; false when the new key exists or the old one expired since the scan. */
async function renameIfFree(redis: Redis, from: string, to: string): Promise<boolean> {
  try {
    return (await redis.renamenx(from, to)) === 1;
  } catch (error) {
    if (error instanceof Error && /no such key/i.test(error.message)) return false;
    throw error;
  }
}
