import { openRedisClient } from "@inquiry-hub/redis-topology";
import type { RedisClientSpec, RedisTopology } from "@inquiry-hub/redis-topology";
import { HubError } from "../../kernel/errors";
import type { Logger } from "../../kernel/ports";
import type { RedisClient } from "./redis-client";

/** Where the Redis layer reports trouble; the hub's logger unless a test passes its own. */
export type RedisLog = (message: string, detail?: unknown) => void;

/** Reports Redis trouble as warnings of `logger`, an error under `err`, anything else as `detail`. */
export function redisLogTo(logger: Logger): RedisLog {
  return (message, detail) =>
    logger.warn(detail instanceof Error ? { err: detail } : { detail }, message);
}

/** Reconnect quickly (100 ms, 200 ms, … capped at 1 s) so the hub recovers within a second or so of Redis's return. */
const retryStrategy = (attempt: number): number => Math.min(attempt * 100, 1_000);

/**
 * Store commands and publishes must fail fast so the caller can answer 503 instead of hanging:
 * - `enableOfflineQueue: false` rejects a command at once while disconnected. A queued
 *   command would also outlive its caller: after a timeout it would still run on reconnect,
 *   resolving an inquiry whose caller was told it failed.
 * - `maxRetriesPerRequest: 0` rejects commands in flight when the connection drops instead
 *   of resending them after a reconnect, for the same reason.
 * - `commandTimeout` bounds a connected but unresponsive Redis (paused, network black hole).
 *   Only a timed-out write is ambiguous: it may still have happened, which a retry reveals
 *   as `already-final`.
 */
const COMMAND_OPTIONS: RedisClientSpec["options"] = {
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  commandTimeout: 2_000,
  connectTimeout: 5_000,
  retryStrategy,
};

/**
 * The subscriber is the opposite: its SSUBSCRIBE is sent once at start-up and must wait for
 * Redis however long that takes (offline queue on, unlimited retries), and ioredis
 * re-subscribes by itself after every reconnect (`autoResubscribe`; on a cluster, each shard's
 * subscriber follows its shard through a failover). No command timeout: a pending SSUBSCRIBE
 * must not be given up on.
 */
const SUBSCRIBER_OPTIONS: RedisClientSpec["options"] = {
  enableOfflineQueue: true,
  maxRetriesPerRequest: null,
  autoResubscribe: true,
  connectTimeout: 5_000,
  retryStrategy,
};

/**
 * The connections a hub node keeps: one for commands and publishes, one for SSUBSCRIBE, and
 * the Socket.IO adapter's own publish/subscribe pair. The adapter's connections use the
 * subscriber options: the adapter keeps its subscriptions across reconnects and bounds its
 * own requests (fetchSockets) with its 5 s default timeout.
 */
export type RedisRole = "commands" | "subscriber" | "socket-adapter-pub" | "socket-adapter-sub";

/**
 * Opens a connection to `topology` with the options of its role. Connection errors are logged
 * once per outage (ioredis emits one per reconnect attempt) and recovery is logged too.
 */
export function createRedisConnection(
  topology: RedisTopology,
  role: RedisRole,
  log: RedisLog,
): RedisClient {
  const redis = openRedisClient(topology, {
    name: `inquiry-hub-${role}`,
    options: role === "commands" ? COMMAND_OPTIONS : SUBSCRIBER_OPTIONS,
    shardedSubscriber: role === "subscriber" || role === "socket-adapter-sub",
  });
  let down = false;
  redis.on("error", (error: Error) => {
    if (down) return;
    down = true;
    log(`redis ${role} connection failed; retrying`, error.message);
  });
  redis.on("ready", () => {
    if (!down) return;
    down = false;
    log(`redis ${role} connection restored`);
  });
  return redis;
}

/** Resolves once `redis` is connected and ready (immediately if it already is). */
export function untilReady(redis: RedisClient): Promise<void> {
  if (redis.status === "ready") return Promise.resolve();
  return new Promise((resolve) => redis.once("ready", () => resolve()));
}

/**
 * Waits for `startUp`, but rejects with UNAVAILABLE after `timeoutMs` so starting against a
 * missing Redis fails clearly instead of waiting forever.
 */
export async function settleWithin(startUp: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new HubError("UNAVAILABLE", `Redis not ready within ${timeoutMs} ms`)),
      timeoutMs,
    );
  });
  try {
    await Promise.race([startUp, deadline]);
  } finally {
    clearTimeout(timer);
  }
}
