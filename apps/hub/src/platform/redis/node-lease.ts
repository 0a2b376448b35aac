import type { RedisClient } from "./redis-client";
import type { KeyLayout } from "./keys";
import type { RedisLog } from "./redis-connection";

/**
 * This node's holder lease: a key `<prefix>node:<id>` with a TTL, renewed every third of the
 * lease. While it exists, the node is presumed alive and its pending inquiries are left to
 * it; once it has expired, any node's reaper cancels them (see cluster-sweeper.ts).
 */
export interface NodeLease {
  readonly nodeId: string;
  /** Settles after the first successful renewal (start-up waits for it). */
  readonly acquired: Promise<void>;
  /**
   * True once this node has renewed without a failure for a whole lease. Only then is a
   * missing lease proof of a dead node: every live node renews within a lease, so one that
   * has not in all that time is gone. After an outage (Redis down for everybody), each node
   * waits a full lease before reaping, so nobody reaps a peer that simply has not renewed yet.
   */
  canJudgeOthers(): boolean;
  /** True while the last successful renewal is younger than a lease: the key still exists. */
  isHeld(): boolean;
  /** Stops renewing and deletes the key, so peers reap anything left at once. */
  release(): Promise<void>;
}

/** Starts renewing at once; `leaseMs` is the TTL, renewed every `leaseMs / 3`. */
export function startNodeLease(
  redis: RedisClient,
  options: { keys: KeyLayout; nodeId: string; leaseMs: number; log: RedisLog },
): NodeLease {
  const { keys, nodeId, leaseMs, log } = options;
  const leaseKey = keys.node(nodeId).lease;
  let healthySince: number | undefined;
  let renewedAt: number | undefined;
  let renewing = false;
  let released = false;
  let markAcquired: () => void = () => undefined;
  const acquired = new Promise<void>((resolve) => (markAcquired = resolve));

  async function renew(): Promise<void> {
    if (renewing || released) return;
    renewing = true;
    try {
      await redis.set(leaseKey, String(Date.now()), "PX", Math.ceil(leaseMs));
      healthySince ??= Date.now();
      renewedAt = Date.now();
      markAcquired();
    } catch (error) {
      if (healthySince !== undefined) log(`node ${nodeId} could not renew its lease`, error);
      healthySince = undefined;
      renewedAt = undefined;
    } finally {
      renewing = false;
    }
  }

  // Renew as soon as the connection is (again) ready rather than up to a third of a lease
  // later: start-up waits for the first renewal, and recovery after an outage starts sooner.
  const renewOnReady = (): void => void renew();
  redis.on("ready", renewOnReady);
  if (redis.status === "ready") void renew();
  const timer = setInterval(() => void renew(), Math.max(50, leaseMs / 3));
  timer.unref();

  return {
    nodeId,
    acquired,
    canJudgeOthers() {
      return healthySince !== undefined && Date.now() - healthySince >= leaseMs;
    },
    isHeld() {
      return !released && renewedAt !== undefined && Date.now() - renewedAt < leaseMs;
    },
    async release() {
      released = true;
      clearInterval(timer);
      redis.off("ready", renewOnReady);
      await redis.del(leaseKey).catch(() => undefined);
    },
  };
}
