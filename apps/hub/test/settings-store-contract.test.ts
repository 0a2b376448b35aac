import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { createMemorySettingsStore } from "../src/infra/memory/memory-settings-store";
import { createLmdbSettingsStore } from "../src/infra/lmdb/lmdb-settings-store";
import { openTempEmbeddedDatabase } from "./support/temp-embedded-database";
import { createSettingsService } from "../src/core/settings/settings-service";
import type { SettingsStore } from "../src/core/settings/ports";
import { createRedisInfra } from "../src/infra/redis/index";
import type { RedisInfra } from "../src/infra/redis/index";
import { describeOnSentinelAndCluster, useTopologyInfra } from "./support/replicated-redis";

/** The settings port's contract; the Redis store must behave like the memory one. */
function describeSettingsContract(name: string, open: () => SettingsStore): void {
  describe(`settings store contract: ${name}`, () => {
    it("keeps each user's settings apart and overwrites on put", async () => {
      const store = open();
      const [ada, bob] = [randomUUID(), randomUUID()];
      expect(await store.get(ada)).toBeUndefined();
      await store.put(ada, { yolo: { enabled: true, until: "2030-01-01T00:00:00.000Z" } });
      await store.put(bob, { yolo: { enabled: false } });
      await store.put(bob, { yolo: { enabled: true } });
      expect(await store.get(ada)).toEqual({
        yolo: { enabled: true, until: "2030-01-01T00:00:00.000Z" },
      });
      expect(await store.get(bob)).toEqual({ yolo: { enabled: true } });
    });

    it("backs a service that reads an expired YOLO as off", async () => {
      let now = new Date("2026-01-01T00:00:00.000Z");
      const service = createSettingsService({ store: open(), now: () => now });
      const user = randomUUID();
      const changes: unknown[] = [];
      service.onChanged((_userId, settings) => changes.push(settings));
      expect(await service.update(user, { yolo: { enabled: true, forSeconds: 3600 } })).toEqual({
        yolo: { enabled: true, until: "2026-01-01T01:00:00.000Z" },
      });
      expect(changes).toHaveLength(1);
      expect(await service.isYoloOn(user)).toBe(true);
      now = new Date("2026-01-01T01:00:01.000Z");
      expect(await service.isYoloOn(user)).toBe(false);
      expect(await service.get(user)).toEqual({ yolo: { enabled: false } });
    });
  });
}

describeSettingsContract("memory", createMemorySettingsStore);

describe("on the embedded store", () => {
  let temp: ReturnType<typeof openTempEmbeddedDatabase>;
  beforeAll(() => {
    temp = openTempEmbeddedDatabase("settings-store");
  });
  afterAll(() => temp.close());
  describeSettingsContract("embedded", () => createLmdbSettingsStore(temp.db));
});

describe("on Redis", () => {
  let server: TestRedisServer;
  let infra: RedisInfra;
  beforeAll(async () => {
    server = await startRedisServer();
    infra = createRedisInfra({ url: server.url, keyPrefix: `settings-${randomUUID()}:` });
    await infra.ready();
  });
  afterAll(async () => {
    await infra.close();
    await server.stop();
  });
  describeSettingsContract("redis", () => infra.settingsStore);
});

describeOnSentinelAndCluster("Redis settings store", ({ name, topology }) => {
  const infra = useTopologyInfra("settings", topology);
  describeSettingsContract(name, () => infra().settingsStore);
});
