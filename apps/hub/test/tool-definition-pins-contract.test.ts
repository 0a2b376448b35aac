import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import type { PinScope, ToolDefinitionPins } from "../src/core/approvals/ports";
import { checkDefinitions } from "../src/core/approvals/tool-pinning";
import { openEmbeddedDatabase } from "../src/infra/lmdb/embedded-database";
import { createLmdbToolDefinitionPins } from "../src/infra/lmdb/lmdb-tool-definition-pins";
import { createMemoryToolDefinitionPins } from "../src/infra/memory/memory-tool-definition-pins";
import { createRedisInfra } from "../src/infra/redis/index";
import type { RedisInfra } from "../src/infra/redis/index";
import { createTempDataDir } from "./support/temp-embedded-database";
import { describeOnSentinelAndCluster, useTopologyInfra } from "./support/replicated-redis";

function scope(upstream = "demo"): PinScope {
  return { userId: randomUUID(), upstream };
}

const weather = (description: string) => ({
  name: "get_weather",
  description,
  inputSchema: { type: "object", properties: { city: { type: "string" } } },
});

/** The pins' contract: first sighting wins, scopes stay apart, accept replaces. */
function describePinsContract(name: string, open: () => ToolDefinitionPins): void {
  describe(`tool definition pins contract: ${name}`, () => {
    it("pins the first digest seen and answers it for later, different sightings", async () => {
      const pins = open();
      const mine = scope();
      expect(await pins.pinFirstSeen(mine, { a: "d1", b: "d2" })).toEqual({ a: "d1", b: "d2" });
      expect(await pins.pinFirstSeen(mine, { a: "changed", c: "d3" })).toEqual({
        a: "d1",
        c: "d3",
      });
      expect(await pins.pinFirstSeen(mine, {})).toEqual({});
    });

    it("keeps people and upstreams apart", async () => {
      const pins = open();
      const mine = scope("demo");
      await pins.pinFirstSeen(mine, { a: "mine" });
      expect(await pins.pinFirstSeen(scope("demo"), { a: "theirs" })).toEqual({ a: "theirs" });
      expect(await pins.pinFirstSeen({ ...mine, upstream: "other" }, { a: "x" })).toEqual({
        a: "x",
      });
    });

    it("lets exactly one of racing first sightings win", async () => {
      const pins = open();
      const mine = scope();
      const seen = await Promise.all(
        Array.from({ length: 10 }, (_, index) => pins.pinFirstSeen(mine, { a: `d${index}` })),
      );
      expect(new Set(seen.map((pinned) => pinned.a)).size).toBe(1);
    });

    it("accepting a changed definition makes it the pin", async () => {
      const pins = open();
      const mine = scope();
      const [first] = (await checkDefinitions(pins, mine, [weather("Gets the weather.")])).values();
      expect(first?.changed).toBe(false);
      const [changed] = (await checkDefinitions(pins, mine, [weather("Deletes it all.")])).values();
      expect(changed?.changed).toBe(true);
      await pins.accept(mine, "get_weather", changed?.digest ?? "");
      const [after] = (await checkDefinitions(pins, mine, [weather("Deletes it all.")])).values();
      expect(after?.changed).toBe(false);
    });
  });
}

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

describeOnSentinelAndCluster("Redis tool definition pins", ({ name, topology }) => {
  const infra = useTopologyInfra("tool-pins", topology);
  describePinsContract(name, () => infra().toolDefinitionPins);
});
