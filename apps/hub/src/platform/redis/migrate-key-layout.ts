import type { Redis } from "ioredis";
import { moveKey, refuseClusterMode, scanKeysUnder } from "@inquiry-hub/redis-topology";
import { z } from "zod";
import { createKeyLayout, KeyPrefixSchema, pendingMember } from "./keys";
import type { KeyLayout } from "./keys";

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

export const DEFAULT_HISTORY_TTL_SECONDS = 7 * 24 * 60 * 60;
const USER_SUFFIX =
  /^(.+?):(inquiries|pending|audit|settings|webhook|deliveries|conversations|devices|teams|shared|idempotency:.+|idempotency-result:.+)$/s;

const OldRecordSchema = z.tuple([z.string(), z.string(), z.string()]);
const BodyExpirySchema = z.object({ expiresAt: z.string() });

/** One migration run: the connection, the resolved options and the report it fills in. */
interface Migration {
  redis: Redis;
  prefix: string;
  keys: KeyLayout;
  historyTtlSeconds: number;
  dryRun: boolean;
  now: () => number;
  report: KeyMigrationReport;
}

/** Moves `from` to `to` (see moveKey); true when it moved, a conflict is reported. */
async function move(run: Migration, from: string, to: string): Promise<boolean> {
  const outcome = await moveKey(run.redis, from, to, run.dryRun);
  if (outcome === "conflict") run.report.conflicts.push(`${from} -> ${to}`);
  return outcome === "moved";
}

async function moveUserKeys(run: Migration): Promise<void> {
  const userPrefix = `${run.prefix}user:`;
  for (const key of await scanKeysUnder(run.redis, userPrefix)) {
    const [, userId, suffix] = USER_SUFFIX.exec(key.slice(userPrefix.length)) ?? [];
    if (userId === undefined || suffix === undefined) run.report.unrecognized.push(key);
    else if (await move(run, key, `${run.prefix}{u:${userId}}:${suffix}`)) run.report.userKeys += 1;
  }
}

/** How long an owner key lives: as long as its record can (see the store's insert). */
function ownerTtlSeconds(run: Migration, status: string, body: string, recordTtlMs: number) {
  if (status !== "pending" && recordTtlMs > 0) return Math.ceil(recordTtlMs / 1000);
  const { expiresAt } = BodyExpirySchema.parse(JSON.parse(body));
  return Math.ceil(Math.max(0, Date.parse(expiresAt) - run.now()) / 1000) + run.historyTtlSeconds;
}

async function moveInquiries(run: Migration): Promise<void> {
  const { redis, keys, report } = run;
  const inquiryPrefix = `${run.prefix}inquiry:`;
  for (const key of await scanKeysUnder(redis, inquiryPrefix)) {
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
      if (!run.dryRun) {
        const ttl = ownerTtlSeconds(run, status, body, await redis.pttl(key));
        await redis.set(ownerKey, userId, "EX", ttl, "NX");
      }
      report.inquiryOwners += 1;
    }
    if (await move(run, key, keys.inquiry(userId, id))) report.inquiries += 1;
  }
}

async function moveTeamKeys(run: Migration): Promise<void> {
  const teamPrefix = `${run.prefix}team:`;
  for (const key of await scanKeysUnder(run.redis, teamPrefix)) {
    const rest = key.slice(teamPrefix.length);
    const isMembers = rest.endsWith(":members");
    const teamId = isMembers ? rest.slice(0, -":members".length) : rest;
    if (teamId === "" || teamId.includes(":")) {
      run.report.unrecognized.push(key);
      continue;
    }
    const to = isMembers ? run.keys.teamKeys.members(teamId) : run.keys.teamKeys.team(teamId);
    if (await move(run, key, to)) run.report.teamKeys += 1;
  }
}

/** The owner of an old index member: its owner key, or (dry run) its unmoved record. */
async function ownerOf(run: Migration, inquiryId: string): Promise<string | null> {
  return (
    (await run.redis.get(run.keys.inquiryOwner(inquiryId))) ??
    (await run.redis.hget(`${run.prefix}inquiry:${inquiryId}`, "userId"))
  );
}

/**
 * Rewrites one bare inquiry id of an index to `<userId>/<inquiryId>` with `add`, or drops it
 * when its record is gone. Returns whether it was kept (false: stale).
 */
async function rewriteIndexMember(
  run: Migration,
  inquiryId: string,
  remove: (multi: ReturnType<Redis["multi"]>) => void,
  add: (multi: ReturnType<Redis["multi"]>, member: string) => void,
): Promise<boolean> {
  const userId = await ownerOf(run, inquiryId);
  if (userId === null) run.report.staleMembersDropped += 1;
  if (run.dryRun) return userId !== null;
  const multi = run.redis.multi();
  if (userId !== null) add(multi, pendingMember(userId, inquiryId));
  remove(multi);
  await multi.exec();
  return userId !== null;
}

async function rewritePendingIndex(run: Migration): Promise<void> {
  const index = run.keys.pendingIndex;
  const entries = await run.redis.zrange(index, 0, -1, "WITHSCORES");
  for (let at = 0; at + 1 < entries.length; at += 2) {
    const [inquiryId, score] = [entries[at] ?? "", entries[at + 1] ?? "0"];
    if (inquiryId.includes("/")) continue;
    const kept = await rewriteIndexMember(
      run,
      inquiryId,
      (multi) => multi.zrem(index, inquiryId),
      (multi, member) => multi.zadd(index, score, member),
    );
    if (kept) run.report.pendingMembers += 1;
  }
}

async function rewriteHeldSets(run: Migration): Promise<void> {
  for (const heldKey of await scanKeysUnder(run.redis, `${run.prefix}node:`, ":held")) {
    for (const inquiryId of await run.redis.smembers(heldKey)) {
      if (inquiryId.includes("/")) continue;
      const kept = await rewriteIndexMember(
        run,
        inquiryId,
        (multi) => multi.srem(heldKey, inquiryId),
        (multi, member) => multi.sadd(heldKey, member),
      );
      if (kept) run.report.heldMembers += 1;
    }
  }
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
  await refuseClusterMode(redis, "key layout migration");
  const run: Migration = {
    redis,
    prefix,
    keys: createKeyLayout(prefix),
    historyTtlSeconds: options.historyTtlSeconds ?? DEFAULT_HISTORY_TTL_SECONDS,
    dryRun: options.dryRun ?? false,
    now: options.now ?? Date.now,
    report: {
      userKeys: 0,
      inquiries: 0,
      inquiryOwners: 0,
      teamKeys: 0,
      pendingMembers: 0,
      heldMembers: 0,
      staleMembersDropped: 0,
      conflicts: [],
      unrecognized: [],
    },
  };
  await moveUserKeys(run);
  await moveInquiries(run);
  await moveTeamKeys(run);
  await rewritePendingIndex(run);
  await rewriteHeldSets(run);
  return run.report;
}
