import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import type { UsedRequestStates } from "../src/core/approvals/ports";
import { createRequestStates } from "../src/core/approvals/request-state";
import { openEmbeddedDatabase } from "../src/infra/lmdb/embedded-database";
import { createLmdbUsedRequestStates } from "../src/infra/lmdb/lmdb-used-request-states";
import { createMemoryUsedRequestStates } from "../src/infra/memory/memory-used-request-states";
import { createRedisInfra } from "../src/infra/redis/index";
import type { RedisInfra } from "../src/infra/redis/index";
import { createTempDataDir } from "./support/temp-embedded-database";
import { describeOnSentinelAndCluster, useTopologyInfra } from "./support/replicated-redis";

const HOUR_MS = 60 * 60 * 1000;
const SECRET = "contract-test-request-state-secret-32+chars";

/** The used-state set's contract: consume once, racing consumers one winner, expiry. */
function describeUsedRequestStatesContract(name: string, open: () => UsedRequestStates): void {
  describe(`used request states contract: ${name}`, () => {
    it("consumes a state once and keeps states apart", async () => {
      const used = open();
      const [state, other] = [randomUUID(), randomUUID()];
      expect(await used.consume(state, HOUR_MS)).toBe(true);
      expect(await used.consume(state, HOUR_MS)).toBe(false);
      expect(await used.consume(other, HOUR_MS)).toBe(true);
    });

    it("lets exactly one of racing consumers win", async () => {
      const used = open();
      const state = randomUUID();
      const won = await Promise.all(Array.from({ length: 20 }, () => used.consume(state, HOUR_MS)));
      expect(won.filter(Boolean)).toHaveLength(1);
    });

    it("lets exactly one of racing redeems of one sealed state through", async () => {
      const states = createRequestStates({ secret: SECRET, used: open() });
      const principal = { userId: randomUUID(), credentialId: randomUUID() };
      const request = { upstream: "files", tool: "write_file", arguments: { path: "a.txt" } };
      const wire = states.issue(randomUUID(), principal, request);
      const outcomes = await Promise.all(
        Array.from({ length: 10 }, () => states.redeem(wire, principal, request)),
      );
      expect(outcomes.filter((outcome) => outcome.kind === "redeemed")).toHaveLength(1);
      expect(outcomes.filter((outcome) => outcome.kind === "refused")).toEqual(
        Array.from({ length: 9 }, () => ({ kind: "refused", refusal: "already-used" })),
      );
    });

    it("forgets a mark after its time to live", async () => {
      const used = open();
      const state = randomUUID();
      expect(await used.consume(state, 30)).toBe(true);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await used.consume(state, HOUR_MS)).toBe(true);
      expect(await used.consume(state, HOUR_MS)).toBe(false);
    });
  });
}

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

describeOnSentinelAndCluster("Redis used request states", ({ name, topology }) => {
  const infra = useTopologyInfra("used-states", topology);
  describeUsedRequestStatesContract(name, () => infra().usedRequestStates);
});
