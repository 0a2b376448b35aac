import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { openEmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import { createLmdbToolDefinitionPins } from "../../src/features/approvals/stores/lmdb-tool-definition-pins";
import { createMemoryToolDefinitionPins } from "../../src/features/approvals/stores/memory-tool-definition-pins";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { createTempDataDir } from "../support/temp-embedded-database";
import { scope, describePinsContract } from "../support/contracts/tool-definition-pins";

describePinsContract("memory", () => createMemoryToolDefinitionPins());

describe("on the embedded store", () => {
  const folder = createTempDataDir("tool-pins");
  let db = openEmbeddedDatabase(folder.dir);
  afterAll(async () => {
    await db.close();
    folder.remove();
  });
  describePinsContract("embedded", () => createLmdbToolDefinitionPins(db));

  it("keeps a pin across a reopen of the database", async () => {
    const mine = scope();
    await createLmdbToolDefinitionPins(db).pinFirstSeen(mine, { a: "d1" });
    await db.close();
    db = openEmbeddedDatabase(folder.dir);
    expect(await createLmdbToolDefinitionPins(db).pinFirstSeen(mine, { a: "d2" })).toEqual({
      a: "d1",
    });
  });
});

describe("on Redis", () => {
  let server: TestRedisServer;
  let infra: RedisInfra;
  beforeAll(async () => {
    server = await startRedisServer();
    infra = createRedisInfra({ url: server.url, keyPrefix: `tool-pins-${randomUUID()}:` });
    await infra.ready();
  });
  afterAll(async () => {
    await infra.close();
    await server.stop();
  });
  describePinsContract("redis", () => infra.toolDefinitionPins);
});
