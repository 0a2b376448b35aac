import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openEmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import { createLmdbUsedRequestStates } from "../../src/features/approvals/stores/lmdb-used-request-states";
import { createMemoryUsedRequestStates } from "../../src/features/approvals/stores/memory-used-request-states";
import { createTempDataDir } from "../support/temp-embedded-database";
import {
  HOUR_MS,
  describeUsedRequestStatesContract,
} from "../support/contracts/used-request-states";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

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
  const infra = useSuiteRedisInfra("used-states");
  describeUsedRequestStatesContract("redis", () => infra().usedRequestStates);
});
