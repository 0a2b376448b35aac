import { randomUUID } from "node:crypto";
import { silentLogger } from "@inquiry-hub/logging";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateRunKeys } from "../src/stores/redis/migrate-run-keys";
import { createRedisRunStore } from "../src/stores/redis/redis-run-store";

let server: TestRedisServer;
let raw: Redis;

beforeAll(async () => {
  server = await startRedisServer();
  raw = new Redis(server.url);
});

afterAll(async () => {
  await raw.quit();
  await server.stop();
});

/** Writes a running run with one logged event as the agent stored it before the hash tags. */
async function writeOldRun(prefix: string): Promise<string> {
  const runId = `run-${randomUUID()}`;
  const base = {
    id: runId,
    ownerUserId: "user-1",
    model: "inquiry-hub-demo",
    completionId: `chatcmpl-${randomUUID()}`,
    created: 1_760_000_000,
    bearer: "agent-token",
    metadata: { conversation_id: "c-1" },
  };
  await raw.hset(`${prefix}run:${runId}`, {
    base: JSON.stringify(base),
    status: "running",
    checkpoint: JSON.stringify({ history: [{ role: "user", content: "Hello" }], step: 0 }),
    lastEventId: 1,
  });
  await raw.xadd(`${prefix}run:${runId}:log`, "1-0", "data", "first event");
  await raw.set(`${prefix}run:${runId}:lease`, "old-node", "PX", 60_000);
  await raw.sadd(`${prefix}runs:running`, runId);
  return runId;
}

describe("agent run key migration", () => {
  it("moves old run keys where the run store finds them, once, and not on a dry run", async () => {
    const prefix = `runs-${randomUUID().slice(0, 8)}:`;
    const runId = await writeOldRun(prefix);

    const planned = await migrateRunKeys(raw, { prefix, dryRun: true });
    expect(planned).toEqual({ runKeys: 3, conflicts: [], unrecognized: [] });
    expect(await raw.exists(`${prefix}run:${runId}`, `${prefix}run:{${runId}}`)).toBe(1);

    expect(await migrateRunKeys(raw, { prefix })).toEqual({
      runKeys: 3,
      conflicts: [],
      unrecognized: [],
    });
    expect(await raw.pttl(`${prefix}run:{${runId}}:lease`)).toBeGreaterThan(0);
    expect(await migrateRunKeys(raw, { prefix })).toEqual({
      runKeys: 0,
      conflicts: [],
      unrecognized: [],
    });

    const store = createRedisRunStore({
      url: server.url,
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
