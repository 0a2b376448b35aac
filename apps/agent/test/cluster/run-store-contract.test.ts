import { randomUUID } from "node:crypto";
import { silentLogger } from "@inquiry-hub/logging";
import { startRedisCluster } from "@inquiry-hub/test-kit";
import type { TestRedisCluster } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll } from "vitest";
import { createRedisRunStore } from "../../src/stores/redis/redis-run-store";
import { describeRunStoreContract } from "../support/run-store-contract";

const logger = silentLogger();
let cluster: TestRedisCluster;

beforeAll(async () => {
  cluster = await startRedisCluster();
});

afterAll(async () => {
  await cluster.stop();
});

describeRunStoreContract({
  name: "redis cluster",
  open(ttlMs) {
    const topology = { kind: "cluster" as const, nodes: [...cluster.startupNodes], tls: false };
    const options = { topology, keyPrefix: `runs-${randomUUID()}:`, ttlMs, logger };
    return [createRedisRunStore(options), createRedisRunStore(options)];
  },
});
