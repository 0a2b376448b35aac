import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisCluster } from "@inquiry-hub/test-kit";
import type { TestRedisCluster } from "@inquiry-hub/test-kit";
import { run } from "../support/test-migration";

let cluster: TestRedisCluster;

beforeAll(async () => {
  // One master holding every slot: cluster mode is all the refusal looks at.
  cluster = await startRedisCluster({ masters: 1, replicasPerMaster: 0 });
});

afterAll(async () => {
  await cluster.stop();
});

describe("runKeyMigrationCommand on Redis Cluster", () => {
  it("refuses a Redis in cluster mode, moving nothing", async () => {
    const [seed] = cluster.startupNodes;
    const result = await run(["--url", `redis://127.0.0.1:${seed?.port}`, "--prefix", "p:"]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(
      "migration failed: this Redis runs in cluster mode: the test migration is for one Redis or a Sentinel master only (a cluster never held the old layout)",
    );
  });
});
