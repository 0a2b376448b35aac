import { afterAll, describe, expect, it } from "vitest";
import { openEmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import { createLmdbToolDefinitionPins } from "../../src/features/approvals/stores/lmdb-tool-definition-pins";
import { createMemoryToolDefinitionPins } from "../../src/features/approvals/stores/memory-tool-definition-pins";
import { createTempDataDir } from "../support/temp-embedded-database";
import { scope, describePinsContract } from "../support/contracts/tool-definition-pins";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

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
  const infra = useSuiteRedisInfra("tool-pins");
  describePinsContract("redis", () => infra().toolDefinitionPins);
});
