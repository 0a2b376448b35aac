import type { Redis } from "ioredis";

const SCAN_COUNT = 500;

/** `text` as a literal inside a SCAN MATCH glob. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}

/**
 * Every key starting with `prefix` (and ending with `suffix`), collected and sorted before
 * anything moves: SCAN may return a key twice, and renaming while scanning may skip or repeat.
 */
export async function scanKeysUnder(redis: Redis, prefix: string, suffix = ""): Promise<string[]> {
  const pattern = `${escapeGlob(prefix)}*${escapeGlob(suffix)}`;
  const found = new Set<string>();
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", SCAN_COUNT);
    for (const key of keys) found.add(key);
    cursor = next;
  } while (cursor !== "0");
  return [...found].sort();
}

/**
 * Throws unless `redis` is a standalone server (or a Sentinel-managed master): a cluster never
 * held a layout from before the hash tags, and SCAN there sees one node only.
 */
export async function refuseClusterMode(redis: Redis, migration: string): Promise<void> {
  if (/^cluster_enabled:1\s*$/m.test(await redis.info("cluster")))
    throw new Error(
      `this Redis runs in cluster mode: the ${migration} is for one Redis or a Sentinel master only (a cluster never held the old layout)`,
    );
}

/**
 * Moves `from` to `to` with RENAMENX (the TTL goes along; an existing `to` is never
 * overwritten), or on a dry run only checks that it could. `conflict`: `to` exists and `from`
 * is still there; `gone`: `from` expired since the scan.
 */
export async function moveKey(
  redis: Redis,
  from: string,
  to: string,
  dryRun: boolean,
): Promise<"moved" | "conflict" | "gone"> {
  if (dryRun ? (await redis.exists(to)) === 0 : (await renameIfFree(redis, from, to)) === 1)
    return "moved";
  return (await redis.exists(from)) === 1 ? "conflict" : "gone";
}

/** RENAMENX that answers -1 for a key gone since the scan. */
async function renameIfFree(redis: Redis, from: string, to: string): Promise<number> {
  try {
    return await redis.renamenx(from, to);
  } catch (error) {
    if (error instanceof Error && /no such key/i.test(error.message)) return -1;
    throw error;
  }
}
