import { randomUUID } from "node:crypto";
import { startRedisServer } from "@inquiry-hub/test-kit";
import { afterEach } from "vitest";
import type { HubConfig } from "../../src/index";
import { createDeviceSockets } from "../socket-helpers";
import type { DeviceSockets } from "../socket-helpers";
import { spawnChildNode, startTestCluster, startTestNode } from "./cluster";
import type { ChildNode, TestCluster, TestNode } from "./cluster";
import { useForSuite } from "./suite-resource";

/**
 * Gives the enclosing `describe` a cluster of startTestCluster: started in its beforeAll,
 * closed in its afterAll, every device socket disconnected after each test. Call the returned
 * getter inside its tests.
 *
 * @example
 * const cluster = useTestCluster({ name: "receipts", leaseSeconds: 3 });
 * it("…", async () => { const { nodeA, nodeB } = cluster(); … });
 */
export function useTestCluster(
  options: { name: string; leaseSeconds: number },
  overrides: Partial<HubConfig> = {},
): () => TestCluster {
  const cluster = useForSuite(
    "useTestCluster",
    () => startTestCluster(options, overrides),
    (started) => started.close(),
  );
  afterEach(() => cluster().closeDevices());
  return cluster;
}

/** A surviving node in this process and a node to kill (a child process) on one Redis. */
export interface DoomedNodeSetup {
  /** The in-process node that outlives the killed one. */
  readonly survivor: TestNode;
  /** Devices on the survivor. */
  readonly sockets: DeviceSockets;
  /** Spawns the node the test kills (spawnChildNode with `env`); killed after the suite if alive. */
  spawnDoomed(env: Record<string, string>): Promise<ChildNode>;
}

/**
 * Gives the enclosing `describe` a private redis-server (key prefix `name` plus a random id)
 * with a survivor node on it started with `overrides`, and lets a test spawn the node it kills;
 * after the suite the devices disconnect, the doomed node is killed, the survivor closes and
 * Redis stops.
 */
export function useDoomedNode(
  options: { name: string; leaseSeconds: number },
  overrides: Partial<HubConfig> = {},
): DoomedNodeSetup {
  let doomed: ChildNode | undefined;
  const started = useForSuite(
    "useDoomedNode",
    async () => {
      const redis = await startRedisServer();
      const cluster = {
        redisUrl: redis.url,
        keyPrefix: `${options.name}-${randomUUID()}:`,
        leaseSeconds: options.leaseSeconds,
      };
      const survivor = await startTestNode(cluster, overrides);
      return { redis, cluster, survivor, sockets: createDeviceSockets(survivor.url) };
    },
    async ({ redis, survivor, sockets }) => {
      sockets.closeAll();
      await doomed?.kill();
      await survivor.close();
      await redis.stop();
    },
  );
  return {
    get survivor() {
      return started().survivor;
    },
    get sockets() {
      return started().sockets;
    },
    async spawnDoomed(env) {
      doomed = await spawnChildNode(started().cluster, env);
      return doomed;
    },
  };
}
