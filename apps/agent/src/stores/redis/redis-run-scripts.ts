import { createHash } from "node:crypto";
import type { RedisClient } from "@inquiry-hub/redis-topology";

/** A Lua script and its SHA1, run by hash so its text crosses the wire once per server. */
export interface RunScript {
  source: string;
  sha: string;
}

function script(source: string): RunScript {
  return { source, sha: createHash("sha1").update(source).digest("hex") };
}

/**
 * Each change that reads before it writes is one script, so Redis runs it atomically: no other
 * node's command lands between the status check and the write.
 */
export const RUN_SCRIPTS = {
  /** KEYS run, log, lease (one run's hash tag); ARGV base, status, checkpoint, finishedAt ("" none). */
  create: script(`
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('DEL', KEYS[2], KEYS[3])
redis.call('HSET', KEYS[1], 'base', ARGV[1], 'status', ARGV[2], 'checkpoint', ARGV[3], 'lastEventId', 0)
if ARGV[4] ~= '' then redis.call('HSET', KEYS[1], 'finishedAt', ARGV[4]) end
return 1`),
  /** KEYS run; ARGV checkpoint. */
  saveCheckpoint: script(`
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 0 end
redis.call('HSET', KEYS[1], 'checkpoint', ARGV[1])
return 1`),
  /** KEYS run, log, lease; ARGV status, finishedAt, ttlMs. */
  finish: script(`
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'finishedAt', ARGV[2])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
redis.call('DEL', KEYS[3])
return 1`),
  /**
   * KEYS run, log; ARGV data, channel. The counter, the entry and the publish in one step, so
   * ids are 1, 2, 3 in log order. A log first written after finish gets the record's TTL.
   */
  append: script(`
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local id = redis.call('HINCRBY', KEYS[1], 'lastEventId', 1)
redis.call('XADD', KEYS[2], id .. '-0', 'data', ARGV[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('PEXPIRE', KEYS[2], ttl) end
redis.call('PUBLISH', ARGV[2], id)
return id`),
  /** KEYS run, lease; ARGV nodeId, leaseMs. Takes a free lease or renews only its own. */
  claim: script(`
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 0 end
local holder = redis.call('GET', KEYS[2])
if holder == false then
  redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
  return 1
end
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[2], ARGV[2])
  return 1
end
return 0`),
  /** KEYS lease; ARGV nodeId. Deletes the lease only if this node holds it. */
  release: script(`
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`),
} as const;

/** Runs `run` by SHA, loading its text once when the server does not know it yet. */
export async function runScript(
  redis: RedisClient,
  run: RunScript,
  keys: readonly string[],
  args: readonly (string | number)[],
): Promise<unknown> {
  try {
    return await redis.evalsha(run.sha, keys.length, ...keys, ...args);
  } catch (error) {
    if (!(error instanceof Error) || !error.message.startsWith("NOSCRIPT")) throw error;
    return redis.eval(run.source, keys.length, ...keys, ...args);
  }
}
