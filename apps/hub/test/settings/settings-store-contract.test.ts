import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { createMemorySettingsStore } from "../../src/features/settings/stores/memory-settings-store";
import { createLmdbSettingsStore } from "../../src/features/settings/stores/lmdb-settings-store";
import { openTempEmbeddedDatabase } from "../support/temp-embedded-database";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { describeSettingsContract } from "../support/contracts/settings-store";

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
