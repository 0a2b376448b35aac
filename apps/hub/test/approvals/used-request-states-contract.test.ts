import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { openEmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import { createLmdbUsedRequestStates } from "../../src/features/approvals/stores/lmdb-used-request-states";
import { createMemoryUsedRequestStates } from "../../src/features/approvals/stores/memory-used-request-states";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { createTempDataDir } from "../support/temp-embedded-database";
import {
  HOUR_MS,
  describeUsedRequestStatesContract,
} from "../support/contracts/used-request-states";

describeUsedRequestStatesContract("memory", () => createMemoryUsedRequestStates());

describe("on the embedded store", () => {
  const folder = createTempDataDir("used-request-states");
  let db = openEmbeddedDatabase(folder.dir);
  afterAll(async () => {
    await db.close();
    folder.remove();
  });
  describeUsedRequestStatesContract("embedded", () => createLmdbUsedRequestStates(db));

  it("keeps a state spent across a reopen of the database", async () => {
    const state = randomUUID();
    expect(await createLmdbUsedRequestStates(db).consume(state, HOUR_MS)).toBe(true);
    await db.close();
    db = openEmbeddedDatabase(folder.dir);
    expect(await createLmdbUsedRequestStates(db).consume(state, HOUR_MS)).toBe(false);
  });
});

describe("on Redis", () => {
  let server: TestRedisServer;
  let infra: RedisInfra;
  beforeAll(async () => {
    server = await startRedisServer();
    infra = createRedisInfra({ url: server.url, keyPrefix: `used-states-${randomUUID()}:` });
    await infra.ready();
  });
  afterAll(async () => {
    await infra.close();
    await server.stop();
  });
  describeUsedRequestStatesContract("redis", () => infra.usedRequestStates);
});
