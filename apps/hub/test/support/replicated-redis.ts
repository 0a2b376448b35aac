import { randomUUID } from "node:crypto";
import { describe } from "vitest";
import type { RedisTopology } from "@inquiry-hub/redis-topology";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { clusterTopology, useRedisCluster } from "./cluster-infra";
import { sentinelTopology, useSentinel } from "./sentinel-infra";
import { useForSuite } from "./suite-resource";

/** A replicated Redis deployment that a describe from describeOnSentinelAndCluster runs on. */
export interface ReplicatedRedis {
  /** `sentinel` or `cluster`: the name to give a contract suite run on it. */
  name: "sentinel" | "cluster";
  /** Its topology; a getter, for the deployment starts in the describe's beforeAll. */
  topology: () => RedisTopology;
}

/**
 * Declares `body` twice, in `<title> on Sentinel` on a Sentinel deployment and in `<title> on
 * Redis Cluster` on a 3-master/3-replica Redis Cluster, each started before that describe's
 * tests and stopped after them.
 *
 * @example
 * describeOnSentinelAndCluster("Redis settings store", ({ name, topology }) => {
 *   const infra = useTopologyInfra("settings", topology);
 *   describeSettingsContract(name, () => infra().settingsStore);
 * });
 */
export function describeOnSentinelAndCluster(
  title: string,
  body: (redis: ReplicatedRedis) => void,
): void {
  describe(`${title} on Sentinel`, () => {
    const sentinel = useSentinel();
    body({ name: "sentinel", topology: () => sentinelTopology(sentinel()) });
  });
  describe(`${title} on Redis Cluster`, () => {
    const cluster = useRedisCluster();
    body({ name: "cluster", topology: () => clusterTopology(cluster()) });
  });
}

/**
 * One Redis infra on `topology` for the enclosing describe, with the key prefix
 * `<name>-<uuid>:`: ready before its tests, closed after them.
 */
export function useTopologyInfra(name: string, topology: () => RedisTopology): () => RedisInfra {
  return useForSuite(
    "useTopologyInfra",
    async () => {
      const infra = createRedisInfra({
        topology: topology(),
        keyPrefix: `${name}-${randomUUID()}:`,
        log: () => undefined,
      });
      try {
        await infra.ready();
      } catch (error) {
        await infra.close();
        throw error;
      }
      return infra;
    },
    (infra) => infra.close(),
  );
}
