import { Cluster, Redis } from "ioredis";
import type { ClusterOptions, RedisOptions } from "ioredis";
import type { RedisTopology } from "./redis-topology";

/**
 * A connection to whichever topology is configured: `Redis` for one Redis or a Sentinel-managed
 * master, `Cluster` for Redis Cluster. Both speak the same commands, so stores take this type;
 * on a cluster the keys of one command or script must share a hash tag.
 */
export type RedisClient = Redis | Cluster;

/** What one connection is for; the caller's role table decides the options. */
export interface RedisClientSpec {
  /** CLIENT SETNAME, so `CLIENT LIST` shows who holds the connection. */
  name: string;
  /**
   * Per-connection behaviour: offline queue, retries per request, timeouts, reconnect delay.
   * On a cluster `enableOfflineQueue` and `retryStrategy` apply to the cluster as a whole
   * (`clusterRetryStrategy`), the rest to every node connection.
   */
  options: Pick<
    RedisOptions,
    | "enableOfflineQueue"
    | "maxRetriesPerRequest"
    | "commandTimeout"
    | "connectTimeout"
    | "retryStrategy"
    | "autoResubscribe"
  >;
  /**
   * A subscriber for sharded pub/sub (SSUBSCRIBE). On a cluster this opens one subscriber
   * connection per master, each following its shard through failovers; elsewhere it changes
   * nothing.
   */
  shardedSubscriber?: boolean;
}

function clusterOptions(
  topology: Extract<RedisTopology, { kind: "cluster" }>,
  spec: RedisClientSpec,
): ClusterOptions {
  const { enableOfflineQueue, retryStrategy, ...perNode } = spec.options;
  return {
    // Replicas may lag: a read after a write must see it, so every command goes to a master.
    scaleReads: "master",
    shardedSubscribers: spec.shardedSubscriber === true,
    ...(enableOfflineQueue === undefined ? {} : { enableOfflineQueue }),
    ...(retryStrategy === undefined ? {} : { clusterRetryStrategy: retryStrategy }),
    // A failover takes about cluster-node-timeout; retrying a redirected command sooner
    // than ioredis's defaults keeps short outages short.
    retryDelayOnFailover: 100,
    retryDelayOnClusterDown: 100,
    redisOptions: {
      ...perNode,
      connectionName: spec.name,
      ...(topology.password === undefined ? {} : { password: topology.password }),
      ...(topology.tls ? { tls: {} } : {}),
    },
  };
}

/**
 * Opens one connection to `topology` with the options of `spec`. Connecting starts at once;
 * the caller listens for `error`/`ready` and closes the client.
 *
 * @example openRedisClient(parseRedisTopology(process.env)!, { name: "agent-runs-commands", options: { enableOfflineQueue: false } })
 */
export function openRedisClient(topology: RedisTopology, spec: RedisClientSpec): RedisClient {
  switch (topology.kind) {
    case "single":
      return new Redis(topology.url, { ...spec.options, connectionName: spec.name });
    case "sentinel":
      return new Redis({
        ...spec.options,
        connectionName: spec.name,
        sentinels: topology.sentinels,
        name: topology.name,
        // No `failoverDetector`: every sentinel announces +switch-master in turn, and each
        // announcement after the first dropped the already re-established connection again
        // (measured: a second outage ~1 s after recovery). Without it a SIGKILLed master's
        // connection fails at once, and Sentinel itself kills the clients of a master it
        // demotes, so both paths end in a reconnect that asks the sentinels.
        ...(topology.password === undefined ? {} : { password: topology.password }),
        ...(topology.tls ? { tls: {}, enableTLSForSentinelMode: true } : {}),
      });
    case "cluster":
      return new Cluster(topology.nodes, clusterOptions(topology, spec));
  }
}
