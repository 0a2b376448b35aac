import { randomUUID } from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import type { RedisTopology } from "@inquiry-hub/redis-topology";
import { startRedisCluster } from "@inquiry-hub/test-kit";
import type { TestRedisCluster } from "@inquiry-hub/test-kit";
import { createRedisInfra } from "../../src/infra/redis/index";
import type { RedisInfra } from "../../src/infra/redis/index";

/** The topology a hub is given for `cluster` (REDIS_CLUSTER_NODES). */
export function clusterTopology(cluster: TestRedisCluster): RedisTopology {
  return { kind: "cluster", nodes: [...cluster.startupNodes], tls: false };
}

/**
 * Starts a 3-master/3-replica Redis Cluster before the enclosing describe's tests and stops it
 * after them (one per file: start-up takes ~2 s); returns a getter for use inside tests.
 */
export function useRedisCluster(): () => TestRedisCluster {
  let cluster: TestRedisCluster | undefined;
  beforeAll(async () => {
    cluster = await startRedisCluster();
  }, 20_000);
  afterAll(async () => {
    await cluster?.stop();
  });
  return () => {
    if (cluster === undefined)
      throw new Error("useRedisCluster: used outside its describe's tests");
    return cluster;
  };
}

/**
 * One Redis infra on a Redis Cluster of its own for the enclosing describe (key prefix
 * `<name>-<uuid>:`), for running a store contract suite on Redis Cluster.
 */
export function useClusterInfra(name: string): () => RedisInfra {
  const cluster = useRedisCluster();
  let infra: RedisInfra | undefined;
  beforeAll(async () => {
    infra = createRedisInfra({
      topology: clusterTopology(cluster()),
      keyPrefix: `${name}-${randomUUID()}:`,
      log: () => undefined,
    });
    await infra.ready();
  });
  afterAll(async () => {
    await infra?.close();
  });
  return () => {
    if (infra === undefined) throw new Error("useClusterInfra: used outside its describe's tests");
    return infra;
  };
}
