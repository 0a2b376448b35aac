import type { RedisTopology } from "@inquiry-hub/redis-topology";
import type { HubConfig, HubDeps } from "../../src/index";
import { createRedisInfra } from "../../src/infra/redis/index";
import { redisHubDeps } from "../../src/composition/redis-hub-deps";
import { startTestHub } from "../helpers";
import type { TestNode } from "./cluster";

/** What the nodes of one test share on a Sentinel- or Cluster-backed Redis. */
export interface TopologyNodeOptions {
  topology: RedisTopology;
  /** Separates tests sharing one deployment. */
  keyPrefix: string;
  /** Short in tests, so dead-holder detection fits in a test run. */
  leaseSeconds: number;
}

/**
 * Starts one hub node in this process with every store on `topology` (like startTestNode on
 * one redis-server); `deps` adds e.g. an approval audit sink. `close` closes the hub, then
 * its Redis connections.
 */
export async function startTopologyNode(
  options: TopologyNodeOptions,
  overrides: Partial<HubConfig> = {},
  deps: Partial<HubDeps> = {},
): Promise<TestNode> {
  const redis = createRedisInfra({
    topology: options.topology,
    keyPrefix: options.keyPrefix,
    leaseSeconds: options.leaseSeconds,
    log: () => undefined,
  });
  await redis.ready();
  const testHub = await startTestHub(
    { nodeLeaseSeconds: options.leaseSeconds, ...overrides },
    { ...redisHubDeps(redis), ...deps },
  );
  return {
    ...testHub,
    redis,
    async close() {
      await testHub.close();
      await redis.close();
    },
  };
}
