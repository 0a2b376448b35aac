import type { RedisTopology } from "@inquiry-hub/redis-topology";
import { startRedisCluster } from "@inquiry-hub/test-kit";
import type { TestRedisCluster } from "@inquiry-hub/test-kit";
import { useForSuite } from "./suite-resource";

/** The topology a hub is given for `cluster` (REDIS_CLUSTER_NODES). */
export function clusterTopology(cluster: TestRedisCluster): RedisTopology {
  return { kind: "cluster", nodes: [...cluster.startupNodes], tls: false };
}

/**
 * Starts a 3-master/3-replica Redis Cluster before the enclosing describe's tests and stops it
 * after them (one per file: start-up takes ~2 s); returns a getter for use inside tests.
 */
export function useRedisCluster(): () => TestRedisCluster {
  return useForSuite(
    "useRedisCluster",
    () => startRedisCluster(),
    (cluster) => cluster.stop(),
    20_000,
  );
}
