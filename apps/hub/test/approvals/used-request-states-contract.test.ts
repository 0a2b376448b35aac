import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createLmdbUsedRequestStates } from "../../src/features/approvals/stores/lmdb-used-request-states";
import { createMemoryUsedRequestStates } from "../../src/features/approvals/stores/memory-used-request-states";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import {
  HOUR_MS,
  describeUsedRequestStatesContract,
} from "../support/contracts/used-request-states";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describeUsedRequestStatesContract("memory", () => createMemoryUsedRequestStates());

describe("on the embedded store", () => {
  const suite = useSuiteEmbeddedDatabase("used-request-states");
  describeUsedRequestStatesContract("embedded", () => createLmdbUsedRequestStates(suite().db));

  it("keeps a state spent across a reopen of the database", async () => {
    const state = randomUUID();
    expect(await createLmdbUsedRequestStates(suite().db).consume(state, HOUR_MS)).toBe(true);
    await suite().reopen();
    expect(await createLmdbUsedRequestStates(suite().db).consume(state, HOUR_MS)).toBe(false);
  });
});

describe("on Redis", () => {
  const infra = useSuiteRedisInfra("used-states");
  describeUsedRequestStatesContract("redis", () => infra().usedRequestStates);
});
