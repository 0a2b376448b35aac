import type { ClientContext, Redis, Result } from "ioredis";

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
 * The resolve and list scripts touch keys they derive from the record (user indexes, record
 * keys from ids), so they need a standalone or Sentinel-managed Redis, not Redis Cluster.
 * Trimming the audit stream with `XADD MINID` needs Redis 6.2 or newer.
 */

/** Helpers shared by the writing scripts; both take the history TTL in seconds. */
const HELPERS = `
local function append_audit(audit_key, user_id, fields, ttl)
  local now = redis.call('TIME')
  local min_id = math.max(0, tonumber(now[1]) - ttl) .. '000'
  redis.call('XADD', audit_key, 'MINID', '~', min_id, '*', 'userId', user_id, unpack(fields))
  redis.call('EXPIRE', audit_key, ttl)
end

local function retire(record_key, inquiries_key, pending_key, global_pending_key, held_key, id, ttl)
  redis.call('EXPIRE', record_key, ttl)
  redis.call('ZREM', pending_key, id)
  redis.call('ZREM', global_pending_key, id)
  redis.call('SREM', held_key, id)
  if redis.call('ZCARD', pending_key) == 0 then
    redis.call('EXPIRE', inquiries_key, ttl)
  end
end
`;

/**
 * KEYS: record, user inquiries index, user pending index, user audit stream, global pending
 * index, the holder node's held set, the node registry.
 * ARGV: id, userId, body, status, resolution JSON, createdAt score (ms), TTL, expiresAt score
 * (ms), holder node id, pending cap per user (0 = none), audit pairs…
 * Returns 1, 0 (and writes nothing) when the id exists, or 2 (and writes nothing) when the
 * record is pending and its user already has the cap's number of pending inquiries.
 * A pending record keeps the user's index alive (PERSIST) and is listed in the global pending
 * index (for the timeout sweep) and in its holder's held set (for the orphan reaper); a final
 * one gets the history TTL. The index expires TTL after the user's last resolution when
 * nothing is pending, which is never before any record it lists.
 */
const INSERT = `${HELPERS}
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local pending_cap = tonumber(ARGV[10])
if ARGV[4] == 'pending' and pending_cap > 0 and redis.call('ZCARD', KEYS[3]) >= pending_cap then
  return 2
end
redis.call('HSET', KEYS[1], 'body', ARGV[3], 'userId', ARGV[2], 'status', ARGV[4], 'resolution', ARGV[5], 'holder', ARGV[9])
redis.call('ZADD', KEYS[2], ARGV[6], ARGV[1])
if ARGV[4] == 'pending' then
  redis.call('ZADD', KEYS[3], ARGV[6], ARGV[1])
  redis.call('PERSIST', KEYS[2])
  redis.call('ZADD', KEYS[5], ARGV[8], ARGV[1])
  redis.call('SADD', KEYS[6], ARGV[1])
  redis.call('SADD', KEYS[7], ARGV[9])
else
  retire(KEYS[1], KEYS[2], KEYS[3], KEYS[5], KEYS[6], ARGV[1], tonumber(ARGV[7]))
end
append_audit(KEYS[4], ARGV[2], {unpack(ARGV, 11)}, tonumber(ARGV[7]))
return 1
`;

/**
 * The compare-and-set. KEYS: record, global pending index. ARGV: id, final status,
 * resolution JSON, TTL, user key prefix, node key prefix, audit pairs…
 * Only a `pending` record changes: status and resolution are set, the record gets the
 * history TTL, leaves the pending indexes and its holder's held set, and the transition is
 * appended to the audit stream, all in one atomic step. Returns {'resolved', body, status,
 * resolution} for the winner, {'already-final', body, status, resolution} with the stored
 * winner otherwise, or {'not-found'}.
 */
const RESOLVE = `${HELPERS}
local current = redis.call('HMGET', KEYS[1], 'body', 'status', 'resolution', 'userId', 'holder')
if not current[1] then return {'not-found'} end
if current[2] ~= 'pending' then
  return {'already-final', current[1], current[2], current[3]}
end
redis.call('HSET', KEYS[1], 'status', ARGV[2], 'resolution', ARGV[3])
local ttl = tonumber(ARGV[4])
local user = ARGV[5] .. current[4]
local held = ARGV[6] .. (current[5] or '') .. ':held'
retire(KEYS[1], user .. ':inquiries', user .. ':pending', KEYS[2], held, ARGV[1], ttl)
append_audit(user .. ':audit', current[4], {unpack(ARGV, 7)}, ttl)
return {'resolved', current[1], ARGV[2], ARGV[3]}
`;

/**
 * The reaper's query. KEYS: node registry. ARGV: node key prefix, record key prefix, limit.
 * Returns up to `limit` ids of pending inquiries whose holder node has no live lease. Ids
 * that are no longer pending are dropped from the held set on the way, and a lease-less node
 * with nothing left is dropped from the registry, so the scan stays as small as the set of
 * nodes that may still hold calls.
 */
const ORPHANS = `
local limit = tonumber(ARGV[3])
local found = {}
for _, node in ipairs(redis.call('SMEMBERS', KEYS[1])) do
  if #found >= limit then break end
  if redis.call('EXISTS', ARGV[1] .. node) == 0 then
    local held = ARGV[1] .. node .. ':held'
    for _, id in ipairs(redis.call('SRANDMEMBER', held, limit - #found)) do
      if redis.call('HGET', ARGV[2] .. id, 'status') == 'pending' then
        table.insert(found, id)
      else
        redis.call('SREM', held, id)
      end
    end
    if redis.call('SCARD', held) == 0 then redis.call('SREM', KEYS[1], node) end
  end
end
return found
`;

/**
 * KEYS: a user index (all or pending). ARGV: record key prefix, status filter ('' = any).
 * Returns {{body, status, resolution}, …} newest first; ids whose record has expired are
 * removed from the index on the way (lazy cleanup, so expiry needs no keyspace events).
 */
const LIST = `
local ids = redis.call('ZREVRANGE', KEYS[1], 0, -1)
local found = {}
for _, id in ipairs(ids) do
  local record = redis.call('HMGET', ARGV[1] .. id, 'body', 'status', 'resolution')
  if not record[1] then
    redis.call('ZREM', KEYS[1], id)
  elseif ARGV[2] == '' or record[2] == ARGV[2] then
    table.insert(found, record)
  end
end
return found
`;

declare module "ioredis" {
  interface RedisCommander<Context extends ClientContext = { type: "default" }> {
    inquiryHubInsert(
      recordKey: string,
      inquiriesKey: string,
      pendingKey: string,
      auditKey: string,
      globalPendingKey: string,
      heldKey: string,
      nodesKey: string,
      ...args: (string | number)[]
    ): Result<unknown, Context>;
    inquiryHubResolve(
      recordKey: string,
      globalPendingKey: string,
      ...args: (string | number)[]
    ): Result<unknown, Context>;
    inquiryHubOrphans(
      nodesKey: string,
      nodeKeyPrefix: string,
      recordKeyPrefix: string,
      limit: number,
    ): Result<unknown, Context>;
    inquiryHubList(
      indexKey: string,
      recordKeyPrefix: string,
      status: string,
    ): Result<unknown, Context>;
  }
}

/** Registers the scripts as commands on `redis` (idempotent per connection). */
export function defineInquiryScripts(redis: Redis): void {
  redis.defineCommand("inquiryHubInsert", { numberOfKeys: 7, lua: INSERT });
  redis.defineCommand("inquiryHubResolve", { numberOfKeys: 2, lua: RESOLVE });
  redis.defineCommand("inquiryHubOrphans", { numberOfKeys: 1, lua: ORPHANS });
  redis.defineCommand("inquiryHubList", { numberOfKeys: 1, lua: LIST });
}
