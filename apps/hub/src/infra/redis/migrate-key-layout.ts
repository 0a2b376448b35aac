import type { Redis } from "ioredis";
import { z } from "zod";
import { createKeyLayout, KeyPrefixSchema, pendingMember } from "./keys";

/**
 * One-shot move of a standalone or Sentinel Redis from the layout before Redis Cluster support
 * (`<p>user:<userId>:<suffix>`, `<p>inquiry:<id>`, `<p>team:<id>`, bare inquiry ids in the
 * pending indexes) to the hash-tagged one of keys.ts. Run it while every hub node is stopped:
 * a node running the new code would not see the old keys, one running the old code would not
 * see the new ones.
 *
 * Idempotent: it only looks for keys of the old layout and moves each with RENAMENX, so a
 * second run (or a run after an interrupted one) moves what is left and nothing else. A key
 * whose new name already exists is never overwritten: it stays where it is and is reported in
 * `conflicts`. RENAME keeps a key's TTL, so history and idempotency entries expire as before.
 *
 * Order matters for the inquiries: the owner key (`<p>inquiry-owner:<id>`) is written before
 * the record moves, as the store's insert does, so whatever record the new layout holds can be
 * found by id; the pending index and held sets are rewritten last, from the owner keys.
 */
export interface KeyMigrationOptions {
  /** The hubs' key prefix (REDIS_KEY_PREFIX), e.g. `ih:`. */
  prefix: string;
  /** The hubs' history TTL, used for the owner keys of pending inquiries (default 7 days). */
  historyTtlSeconds?: number;
  /** Count what would move without changing anything. */
  dryRun?: boolean;
  /** Clock for the owner keys' TTL (tests). */
  now?: () => number;
}

/** What a run moved (or, on a dry run, would move), per kind of key. */
export interface KeyMigrationReport {
  /** `<p>user:<userId>:<suffix>` keys moved to `<p>{u:<userId>}:<suffix>`. */
  userKeys: number;
  /** Inquiry records moved to `<p>{u:<userId>}:inquiry:<id>`. */
  inquiries: number;
  /** `<p>inquiry-owner:<id>` keys written for them. */
  inquiryOwners: number;
  /** Team records and member hashes moved under `<p>{t:<teamId>}`. */
  teamKeys: number;
  /** Members of the global pending index rewritten to `<userId>/<inquiryId>`. */
  pendingMembers: number;
  /** Members of the nodes' held sets rewritten to `<userId>/<inquiryId>`. */
  heldMembers: number;
  /** Index members whose record is gone (already stale): removed, as readers would. */
  staleMembersDropped: number;
  /** Old keys left in place because their new key already exists, as `old -> new`. */
  conflicts: string[];
  /** Keys matching an old pattern that are not of the old layout, left untouched. */
  unrecognized: string[];
}

const DEFAULT_HISTORY_TTL_SECONDS = 7 * 24 * 60 * 60;
const SCAN_COUNT = 500;
const USER_SUFFIX =
  /^(.+?):(inquiries|pending|audit|settings|webhook|deliveries|conversations|devices|teams|shared|idempotency:.+|idempotency-result:.+)$/s;

const OldRecordSchema = z.tuple([z.string(), z.string(), z.string()]);
const BodyExpirySchema = z.object({ expiresAt: z.string() });

/** `text` as a literal inside a SCAN MATCH glob. */
function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, (character) => `\\${character}`);
}

/** Every key matching `pattern`, collected before anything moves (SCAN may repeat keys). */
async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const found = new Set<string>();
  let cursor = "0";
  do {
    const [next, keys] = await redis.scan(cursor, "MATCH", pattern, "COUNT", SCAN_COUNT);
    for (const key of keys) found.add(key);
    cursor = next;
  } while (cursor !== "0");
  return [...found].sort();
}

/** Throws unless `redis` is a standalone server (or a Sentinel-managed master). */
async function refuseCluster(redis: Redis): Promise<void> {
  const info = await redis.info("cluster");
  if (/^cluster_enabled:1\s*$/m.test(info))
    throw new Error(
      "this Redis runs in cluster mode: the key layout migration is for one Redis or a Sentinel master only (a cluster never held the old layout)",
    );
}

/**
 * Moves the hub's keys under `options.prefix` from the old layout to the current one and
 * returns what moved. Never overwrites an existing key; safe to run again.
 *
 * @example
 * const report = await migrateKeyLayout(new Redis("redis://127.0.0.1:6379"), { prefix: "ih:" });
 */
export async function migrateKeyLayout(
  redis: Redis,
  options: KeyMigrationOptions,
): Promise<KeyMigrationReport> {
  const prefix = KeyPrefixSchema.parse(options.prefix);
  const historyTtlSeconds = options.historyTtlSeconds ?? DEFAULT_HISTORY_TTL_SECONDS;
  const dryRun = options.dryRun ?? false;
  const now = options.now ?? Date.now;
  const keys = createKeyLayout(prefix);
  const report: KeyMigrationReport = {
    userKeys: 0,
    inquiries: 0,
    inquiryOwners: 0,
    teamKeys: 0,
    pendingMembers: 0,
    heldMembers: 0,
    staleMembersDropped: 0,
    conflicts: [],
    unrecognized: [],
  };
  await refuseCluster(redis);

  /** RENAMENX, or on a dry run the check it would make; true when the key moved. */
  async function move(from: string, to: string): Promise<boolean> {
    if (dryRun ? (await redis.exists(to)) === 0 : (await renameIfFree(from, to)) === 1) return true;
    if ((await redis.exists(from)) === 1) report.conflicts.push(`${from} -> ${to}`);
    return false;
  }

  /** RENAMENX that answers -1 for a key gone since the scan (expired meanwhile). */
  async function renameIfFree(from: string, to: string): Promise<number> {
    try {
      return await redis.renamenx(from, to);
    } catch (error) {
      if (error instanceof Error && /no such key/i.test(error.message)) return -1;
      throw error;
    }
  }

  const userPrefix = `${prefix}user:`;
  for (const key of await scanKeys(redis, `${escapeGlob(userPrefix)}*`)) {
    const match = USER_SUFFIX.exec(key.slice(userPrefix.length));
    const [, userId, suffix] = match ?? [];
    if (userId === undefined || suffix === undefined) {
      report.unrecognized.push(key);
      continue;
    }
    if (await move(key, `${prefix}{u:${userId}}:${suffix}`)) report.userKeys += 1;
  }

  /** How long the owner key lives: as long as the record can (see the store's insert). */
  function ownerTtlSeconds(status: string, body: string, recordTtlMs: number): number {
    if (status !== "pending" && recordTtlMs > 0) return Math.ceil(recordTtlMs / 1000);
    const { expiresAt } = BodyExpirySchema.parse(JSON.parse(body));
    return Math.ceil(Math.max(0, Date.parse(expiresAt) - now()) / 1000) + historyTtlSeconds;
  }

  const inquiryPrefix = `${prefix}inquiry:`;
  for (const key of await scanKeys(redis, `${escapeGlob(inquiryPrefix)}*`)) {
    const id = key.slice(inquiryPrefix.length);
    const fields = OldRecordSchema.safeParse(
      (await redis.type(key)) === "hash" ? await redis.hmget(key, "userId", "status", "body") : [],
    );
    if (!fields.success) {
      report.unrecognized.push(key);
      continue;
    }
    const [userId, status, body] = fields.data;
    const ownerKey = keys.inquiryOwner(id);
    const owner = await redis.get(ownerKey);
    if (owner !== null && owner !== userId) {
      report.conflicts.push(`${key} -> ${ownerKey} (owned by ${owner})`);
      continue;
    }
    if (owner === null) {
      if (!dryRun) {
        const ttl = ownerTtlSeconds(status, body, await redis.pttl(key));
        await redis.set(ownerKey, userId, "EX", ttl, "NX");
      }
      report.inquiryOwners += 1;
    }
    if (await move(key, keys.inquiry(userId, id))) report.inquiries += 1;
  }

  const teamPrefix = `${prefix}team:`;
  for (const key of await scanKeys(redis, `${escapeGlob(teamPrefix)}*`)) {
    const rest = key.slice(teamPrefix.length);
    const isMembers = rest.endsWith(":members");
    const teamId = isMembers ? rest.slice(0, -":members".length) : rest;
    if (teamId === "" || teamId.includes(":")) {
      report.unrecognized.push(key);
      continue;
    }
    const to = isMembers ? keys.teamKeys.members(teamId) : keys.teamKeys.team(teamId);
    if (await move(key, to)) report.teamKeys += 1;
  }

  /** The owner of an old index member: its owner key, or (dry run) its unmoved record. */
  async function ownerOf(inquiryId: string): Promise<string | null> {
    return (
      (await redis.get(keys.inquiryOwner(inquiryId))) ??
      (await redis.hget(`${inquiryPrefix}${inquiryId}`, "userId"))
    );
  }

  const pendingEntries = await redis.zrange(keys.pendingIndex, 0, -1, "WITHSCORES");
  for (let index = 0; index + 1 < pendingEntries.length; index += 2) {
    const [inquiryId, score] = [pendingEntries[index] ?? "", pendingEntries[index + 1] ?? "0"];
    if (inquiryId.includes("/")) continue;
    const userId = await ownerOf(inquiryId);
    if (userId === null) report.staleMembersDropped += 1;
    else report.pendingMembers += 1;
    if (dryRun) continue;
    const multi = redis.multi();
    if (userId !== null) multi.zadd(keys.pendingIndex, score, pendingMember(userId, inquiryId));
    await multi.zrem(keys.pendingIndex, inquiryId).exec();
  }

  const heldPattern = `${escapeGlob(`${prefix}node:`)}*:held`;
  for (const heldKey of await scanKeys(redis, heldPattern)) {
    for (const inquiryId of await redis.smembers(heldKey)) {
      if (inquiryId.includes("/")) continue;
      const userId = await ownerOf(inquiryId);
      if (userId === null) report.staleMembersDropped += 1;
      else report.heldMembers += 1;
      if (dryRun) continue;
      const multi = redis.multi();
      if (userId !== null) multi.sadd(heldKey, pendingMember(userId, inquiryId));
      await multi.srem(heldKey, inquiryId).exec();
    }
  }
  return report;
}
