import type { Redis } from "ioredis";
import { moveKey, refuseClusterMode, scanKeysUnder } from "@inquiry-hub/redis-topology";
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

const OLD_RUN_KEY = /^([^:{}]+)(?::(log|lease))?$/;

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
  await refuseClusterMode(redis, "run key migration");
  const keys = runKeysUnder(prefix);
  const report: RunKeyMigrationReport = { runKeys: 0, conflicts: [], unrecognized: [] };
  const runPrefix = `${prefix}run:`;
  for (const key of await scanKeysUnder(redis, runPrefix)) {
    const rest = key.slice(runPrefix.length);
    if (rest.startsWith("{")) continue;
    const [, runId, part] = OLD_RUN_KEY.exec(rest) ?? [];
    if (runId === undefined) {
      report.unrecognized.push(key);
      continue;
    }
    const to =
      part === "log" ? keys.log(runId) : part === "lease" ? keys.lease(runId) : keys.run(runId);
    const outcome = await moveKey(redis, key, to, dryRun);
    if (outcome === "moved") report.runKeys += 1;
    if (outcome === "conflict") report.conflicts.push(`${key} -> ${to}`);
  }
  return report;
}
