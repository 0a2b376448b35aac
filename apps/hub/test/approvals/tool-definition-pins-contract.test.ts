import { describe, expect, it } from "vitest";
import { createLmdbToolDefinitionPins } from "../../src/features/approvals/stores/lmdb-tool-definition-pins";
import { createMemoryToolDefinitionPins } from "../../src/features/approvals/stores/memory-tool-definition-pins";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import { scope, describePinsContract } from "../support/contracts/tool-definition-pins";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describePinsContract("memory", () => createMemoryToolDefinitionPins());

describe("on the embedded store", () => {
  const suite = useSuiteEmbeddedDatabase("tool-pins");
  describePinsContract("embedded", () => createLmdbToolDefinitionPins(suite().db));

  it("keeps a pin across a reopen of the database", async () => {
    const mine = scope();
    await createLmdbToolDefinitionPins(suite().db).pinFirstSeen(mine, { a: "d1" });
    await suite().reopen();
    expect(await createLmdbToolDefinitionPins(suite().db).pinFirstSeen(mine, { a: "d2" })).toEqual({
      a: "d1",
    });
  });
});

describe("on Redis", () => {
  const infra = useSuiteRedisInfra("tool-pins");
  describePinsContract("redis", () => infra().toolDefinitionPins);
});
