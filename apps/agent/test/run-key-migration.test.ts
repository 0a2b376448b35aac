import { randomUUID } from "node:crypto";
import { silentLogger } from "@inquiry-hub/logging";
import { startRedisWithClient } from "@inquiry-hub/test-kit";
import type { RedisWithClient } from "@inquiry-hub/test-kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateRunKeys } from "../src/stores/redis/migrate-run-keys";
import { createRedisRunStore } from "../src/stores/redis/redis-run-store";
import { aRun } from "./support/run-store-contract";

let redis: RedisWithClient;

beforeAll(async () => {
  redis = await startRedisWithClient();
});

afterAll(() => redis.stop());

/** Writes a running run with one logged event as the agent stored it before the hash tags. */
async function writeOldRun(prefix: string): Promise<string> {
  const { status, checkpoint, ...base } = aRun();
  const runId = base.id;
  await redis.raw.hset(`${prefix}run:${runId}`, {
    base: JSON.stringify(base),
    status,
    checkpoint: JSON.stringify(checkpoint),
    lastEventId: 1,
  });
  await redis.raw.xadd(`${prefix}run:${runId}:log`, "1-0", "data", "first event");
  await redis.raw.set(`${prefix}run:${runId}:lease`, "old-node", "PX", 60_000);
  await redis.raw.sadd(`${prefix}runs:running`, runId);
  return runId;
}

describe("agent run key migration", () => {
  it("moves old run keys where the run store finds them, once, and not on a dry run", async () => {
    const prefix = `runs-${randomUUID().slice(0, 8)}:`;
    const runId = await writeOldRun(prefix);

    const planned = await migrateRunKeys(redis.raw, { prefix, dryRun: true });
    expect(planned).toEqual({ runKeys: 3, conflicts: [], unrecognized: [] });
    expect(await redis.raw.exists(`${prefix}run:${runId}`, `${prefix}run:{${runId}}`)).toBe(1);

    expect(await migrateRunKeys(redis.raw, { prefix })).toEqual({
      runKeys: 3,
      conflicts: [],
      unrecognized: [],
    });
    expect(await redis.raw.pttl(`${prefix}run:{${runId}}:lease`)).toBeGreaterThan(0);
    expect(await migrateRunKeys(redis.raw, { prefix })).toEqual({
      runKeys: 0,
      conflicts: [],
      unrecognized: [],
    });

    const store = createRedisRunStore({
      url: redis.server.url,
      keyPrefix: prefix,
      ttlMs: 60_000,
      logger: silentLogger(),
    });
    try {
      expect(await store.get(runId)).toMatchObject({ id: runId, status: "running" });
      expect(await store.read(runId, 0, 10)).toEqual([{ id: 1, data: "first event" }]);
      expect(await store.append(runId, "second event")).toBe(2);
    } finally {
      await store.close();
    }
  });
});
