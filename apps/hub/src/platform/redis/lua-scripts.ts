import type { ClientContext, Result } from "ioredis";
import type { RedisClient } from "./redis-client";

/**
 * The store's Lua scripts. Each runs atomically inside Redis, which is what makes resolution
 * a real compare-and-set across hub nodes and keeps records, indexes and the audit stream
 * from ever disagreeing. ioredis runs them with EVALSHA and falls back to EVAL on NOSCRIPT,
 * so a restarted (script-cache-less) Redis needs no special handling.
 *
 * The scripts never decode the inquiry JSON: Redis's cjson turns `[]` into `{}` and may
 * reformat numbers, so the immutable part of a record travels as an opaque string and only
 * `status` / `resolution` are separate hash fields (see inquiry-codec.ts).
 *
 * Every key a script touches is declared in KEYS and all of them carry one user's hash tag, so
 * each script runs on one Redis Cluster slot as it does on one Redis. Trimming the audit stream with `XADD MINID` needs Redis 6.2 or newer.
 */

/** Helpers shared by the writing scripts; both take the history TTL in seconds. */
const HELPERS = `
local function append_audit(audit_key, user_id, fields, ttl)
  local now = redis.call('TIME')
  local min_id = math.max(0, tonumber(now[1]) - ttl) .. '000'
  redis.call('XADD', audit_key, 'MINID', '~', min_id, '*', 'userId', user_id, unpack(fields))
  redis.call('EXPIRE', audit_key, ttl)
end

local function retire(record_key, inquiries_key, pending_key, askers_key, id, ttl)
  redis.call('EXPIRE', record_key, ttl)
  redis.call('ZREM', pending_key, id)
  redis.call('HDEL', askers_key, id)
  if redis.call('ZCARD', pending_key) == 0 then
    redis.call('EXPIRE', inquiries_key, ttl)
  end
end
`;

/**
 * KEYS: record, user inquiries index, user pending index, user audit stream, user pending
 * askers (one user's hash tag, so one slot on Redis Cluster).
 * ARGV: id, userId, body, status, resolution JSON, createdAt score (ms), TTL, holder node id,
 * pending cap per user (0 = none), asking credential ('' = none), pending cap per credential
 * (0 = none), audit pairs…
 * Returns 1, 0 (and writes nothing) when the id exists, 2 (and writes nothing) when the
 * record is pending and its user already has the cap's number of pending inquiries, or 3 (and
 * writes nothing) when its asking credential already has its own cap's number. The askers
 * hash holds one field per pending inquiry, so counting it is bounded by the per-user cap.
 * A pending record keeps the user's index alive (PERSIST); a final one gets the history TTL.
 * The index expires TTL after the user's last resolution when nothing is pending, which is
 * never before any record it lists. The cross-user indexes (global pending, held sets) are
 * written by the caller before this script (see keys.ts).
 */
const INSERT = `${HELPERS}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local pending_cap = tonumber(ARGV[9])
if ARGV[4] == 'pending' and pending_cap > 0 and redis.call('ZCARD', KEYS[3]) >= pending_cap then
  return 2
end
local asker = ARGV[10]
local asker_cap = tonumber(ARGV[11])
if ARGV[4] == 'pending' and asker ~= '' and asker_cap > 0 then
  local asked = 0
  for _, each in ipairs(redis.call('HVALS', KEYS[5])) do
    if each == asker then asked = asked + 1 end
  end
  if asked >= asker_cap then return 3 end
end
redis.call('HSET', KEYS[1], 'body', ARGV[3], 'userId', ARGV[2], 'status', ARGV[4], 'resolution', ARGV[5], 'holder', ARGV[8])
redis.call('ZADD', KEYS[2], ARGV[6], ARGV[1])
if ARGV[4] == 'pending' then
  redis.call('ZADD', KEYS[3], ARGV[6], ARGV[1])
  if asker ~= '' then redis.call('HSET', KEYS[5], ARGV[1], asker) end
  redis.call('PERSIST', KEYS[2])
else
  retire(KEYS[1], KEYS[2], KEYS[3], KEYS[5], ARGV[1], tonumber(ARGV[7]))
end
append_audit(KEYS[4], ARGV[2], {unpack(ARGV, 12)}, tonumber(ARGV[7]))
return 1
`;

/**
 * The compare-and-set. KEYS: record, user inquiries index, user pending index, user audit
 * stream, user pending askers (one user's hash tag). ARGV: id, final status, resolution JSON, TTL, audit pairs…
 * Only a `pending` record changes: status and resolution are set, the record gets the
 * history TTL, leaves the user's pending index and askers, and the transition is appended to the audit
 * stream, all in one atomic step. Returns {'resolved', body, status, resolution, holder} for
 * the winner, {'already-final', body, status, resolution, holder} with the stored winner
 * otherwise, or {'not-found'}. The caller then drops the id from the cross-user indexes.
 * A record already final is never 'resolved' again, not even by a byte-identical resolution
 * (one device's same answer sent through two nodes within a millisecond): commands are never
 * resent (redis-connection.ts), and a caller whose write was ambiguous learns from a retry
 * that it is final, as every other loser does.
 */
const RESOLVE = `${HELPERS}
local current = redis.call('HMGET', KEYS[1], 'body', 'status', 'resolution', 'userId', 'holder')
if not current[1] then return {'not-found'} end
if current[2] ~= 'pending' then
  return {'already-final', current[1], current[2], current[3], current[5] or ''}
end
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'resolution', ARGV[3])
local ttl = tonumber(ARGV[4])
retire(KEYS[1], KEYS[2], KEYS[3], KEYS[5], ARGV[1], ttl)
append_audit(KEYS[4], current[4], {unpack(ARGV, 5)}, ttl)
return {'resolved', current[1], ARGV[2], ARGV[3], current[5] or ''}
`;

/**
 * The compare-and-set of a pending record's `body`, for changes made while pending (Extend's
 * `expiresAt`, `agentWaiting`). KEYS: record. ARGV: the body read before, the new body. Only
 * a `pending` record whose body is still the one read changes. Returns {'replaced', body,
 * status, resolution}, {'stale', body, status, resolution} when another change landed
 * meanwhile (re-read and retry), {'already-final', body, status, resolution}, or {'not-found'}.
 */
const REPLACE_PENDING_BODY = `
local current = redis.call('HMGET', KEYS[1], 'body', 'status', 'resolution')
if not current[1] then return {'not-found'} end
if current[2] ~= 'pending' then return {'already-final', current[1], current[2], current[3]} end
if current[1] ~= ARGV[1] then return {'stale', current[1], current[2], current[3]} end
redis.call('HSET', KEYS[1], 'body', ARGV[2])
return {'replaced', ARGV[2], current[2], current[3]}
`;

/** A script on one user's record and indexes (INSERT, RESOLVE): its five keys, then ARGV. */
type UserRecordScript<Context extends ClientContext> = (
  recordKey: string,
  inquiriesKey: string,
  pendingKey: string,
  auditKey: string,
  pendingAskersKey: string,
  ...args: (string | number)[]
) => Result<unknown, Context>;

declare module "ioredis" {
  interface RedisCommander<Context extends ClientContext = { type: "default" }> {
    inquiryHubInsert: UserRecordScript<Context>;
    inquiryHubResolve: UserRecordScript<Context>;
    inquiryHubReplacePendingBody(recordKey: string, ...args: string[]): Result<unknown, Context>;
  }
}

/** Registers the scripts as commands on `redis` (idempotent per connection). */
export function defineInquiryScripts(redis: RedisClient): void {
  redis.defineCommand("inquiryHubInsert", { numberOfKeys: 5, lua: INSERT });
  redis.defineCommand("inquiryHubResolve", { numberOfKeys: 5, lua: RESOLVE });
  redis.defineCommand("inquiryHubReplacePendingBody", {
    numberOfKeys: 1,
    lua: REPLACE_PENDING_BODY,
  });
}
