import { setTimeout as sleep } from "node:timers/promises";
import { Cluster } from "ioredis";
import type { ChainableCommander } from "ioredis";
import { HubError } from "../../kernel/errors";
import { callRedis } from "./redis-errors";
import type { RedisClient } from "./redis-client";

/**
 * How many replicas must confirm a write before the hub reports it, and how long to wait.
 * Replication is asynchronous: without this, a master could acknowledge a resolution, die
 * before shipping it, and the promoted replica would let a second device "win" the same
 * inquiry. `minReplicaAcks: 0` (one Redis without replicas) skips the wait.
 */
export interface ReplicaAcks {
  minReplicaAcks: number;
  timeoutMs: number;
}

/**
 * Runs `queue`'s script followed by `WAIT n ms` in ONE pipeline, so the WAIT runs on the same
 * connection (on Redis Cluster: the master of the script's slot; ioredis sends a pipeline to
 * the slot of its keyed commands) and covers exactly that write. Returns the script's reply.
 *
 * A WAIT that times out means the write happened on the master but is not known to survive a
 * failover: that is reported as HubError UNAVAILABLE, like a command timeout today, so the
 * caller retries and reads the stored outcome (its own write, or the winner after a failover).
 */
export async function execReplicated(
  redis: RedisClient,
  action: string,
  acks: ReplicaAcks,
  queue: (pipeline: ChainableCommander) => ChainableCommander,
): Promise<unknown> {
  for (let attempt = 1; ; attempt += 1) {
    const pipeline = queue(redis.pipeline());
    if (acks.minReplicaAcks > 0) pipeline.wait(acks.minReplicaAcks, acks.timeoutMs);
    const replies = await callRedis(action, () => pipeline.exec());
    const [scriptReply, waitReply] = replies ?? [];
    if (scriptReply === undefined) throw new Error(`${action}: Redis returned no reply`);
    const [scriptError, result] = scriptReply;
    if (scriptError !== null) {
      // ioredis follows a redirection of a pipeline only when every command in it was
      // redirected; WAIT (keyless) never is, so a moved slot is followed here. A redirected
      // script did not run, so sending it again is safe.
      if (REDIRECTION.test(scriptError.message) && attempt < MAX_REDIRECTIONS) {
        await refreshSlots(redis);
        continue;
      }
      return callRedis(action, () => Promise.reject(scriptError));
    }
    if (acks.minReplicaAcks > 0) checkAcks(action, acks, waitReply);
    return result;
  }
}

const REDIRECTION = /^(MOVED|ASK|TRYAGAIN|CLUSTERDOWN)\b/;
const MAX_REDIRECTIONS = 5;
const REDIRECTION_PAUSE_MS = 100;

async function refreshSlots(redis: RedisClient): Promise<void> {
  if (redis instanceof Cluster)
    await new Promise<void>((resolve) => redis.refreshSlotsCache(() => resolve()));
  await sleep(REDIRECTION_PAUSE_MS);
}

function checkAcks(
  action: string,
  acks: ReplicaAcks,
  waitReply: [Error | null, unknown] | undefined,
): void {
  const [waitError, confirmed] = waitReply ?? [new Error("no WAIT reply"), 0];
  if (waitError === null && typeof confirmed === "number" && confirmed >= acks.minReplicaAcks)
    return;
  throw new HubError(
    "UNAVAILABLE",
    `${action}: applied on the Redis master but confirmed by ${String(confirmed)} of ${acks.minReplicaAcks} replicas within ${acks.timeoutMs} ms; the outcome is unknown until read again`,
    { cause: waitError ?? undefined },
  );
}
