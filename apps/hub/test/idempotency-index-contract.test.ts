import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import type { IdempotencyIndex } from "../src/core/inquiries/ports";
import { openEmbeddedDatabase } from "../src/infra/lmdb/embedded-database";
import { createLmdbIdempotencyIndex } from "../src/infra/lmdb/lmdb-idempotency-index";
import { createMemoryIdempotencyIndex } from "../src/infra/memory/memory-idempotency-index";
import { createRedisInfra } from "../src/infra/redis/index";
import type { RedisInfra } from "../src/infra/redis/index";
import { createTempDataDir } from "./support/temp-embedded-database";
import { describeOnSentinelAndCluster, useTopologyInfra } from "./support/replicated-redis";

const HOUR_MS = 60 * 60 * 1000;

/** The idempotency index's contract: set-if-absent per user, release only its own, expiry. */
function describeIdempotencyContract(name: string, open: () => IdempotencyIndex): void {
  describe(`idempotency index contract: ${name}`, () => {
    it("keeps the first claim of a user's key and scopes keys per user", async () => {
      const index = open();
      const [ada, bob, key] = [randomUUID(), randomUUID(), `run:${randomUUID()}`];
      expect(await index.claim(ada, key, "first", HOUR_MS)).toBe("first");
      expect(await index.claim(ada, key, "second", HOUR_MS)).toBe("first");
      expect(await index.claim(bob, key, "bobs", HOUR_MS)).toBe("bobs");
    });

    it("lets exactly one of racing claims win", async () => {
      const index = open();
      const [user, key] = [randomUUID(), randomUUID()];
      const ids = Array.from({ length: 20 }, (_, n) => `inquiry-${n}`);
      const held = await Promise.all(ids.map((id) => index.claim(user, key, id, HOUR_MS)));
      expect(new Set(held).size).toBe(1);
      expect(ids).toContain(held[0]);
    });

    it("releases a key only for the inquiry it names", async () => {
      const index = open();
      const [user, key] = [randomUUID(), randomUUID()];
      await index.claim(user, key, "kept", HOUR_MS);
      await index.release(user, key, "someone-else");
      expect(await index.claim(user, key, "late", HOUR_MS)).toBe("kept");
      await index.release(user, key, "kept");
      expect(await index.claim(user, key, "fresh", HOUR_MS)).toBe("fresh");
    });

    it("attaches one result beside a key: first wins if absent, replace overwrites", async () => {
      const index = open();
      const [user, key] = [randomUUID(), randomUUID()];
      expect(await index.read(user, key)).toBeUndefined();
      await index.claim(user, key, "inquiry", HOUR_MS);
      expect(await index.read(user, key)).toEqual({ inquiryId: "inquiry", result: undefined });
      const raced = await Promise.all(
        ["a", "b", "c"].map((result) =>
          index.attachResult(user, key, "inquiry", result, "if-absent"),
        ),
      );
      expect(new Set(raced).size).toBe(1);
      expect(["a", "b", "c"]).toContain(raced[0]);
      expect(await index.attachResult(user, key, "inquiry", "done", "replace")).toBe("done");
      expect(await index.read(user, key)).toEqual({ inquiryId: "inquiry", result: "done" });
    });

    it("attaches nothing to a key that names another inquiry, or none", async () => {
      const index = open();
      const [user, other, key] = [randomUUID(), randomUUID(), randomUUID()];
      expect(await index.attachResult(user, key, "inquiry", "x", "replace")).toBeUndefined();
      await index.claim(user, key, "inquiry", HOUR_MS);
      expect(await index.attachResult(user, key, "stale", "x", "replace")).toBeUndefined();
      expect(await index.attachResult(other, key, "inquiry", "x", "replace")).toBeUndefined();
      expect((await index.read(user, key))?.result).toBeUndefined();
      expect(await index.read(other, key)).toBeUndefined();
    });

    it("drops the result with its key: released or expired", async () => {
      const index = open();
      const [user, key, brief] = [randomUUID(), randomUUID(), randomUUID()];
      await index.claim(user, key, "kept", HOUR_MS);
      await index.attachResult(user, key, "kept", "result", "replace");
      await index.release(user, key, "kept");
      expect(await index.read(user, key)).toBeUndefined();
      expect(await index.claim(user, key, "fresh", HOUR_MS)).toBe("fresh");
      expect((await index.read(user, key))?.result).toBeUndefined();

      await index.claim(user, brief, "short", 30);
      await index.attachResult(user, brief, "short", "result", "replace");
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await index.read(user, brief)).toBeUndefined();
      await index.claim(user, brief, "after", HOUR_MS);
      expect(await index.read(user, brief)).toEqual({ inquiryId: "after", result: undefined });
    });

    it("forgets a key after its time to live", async () => {
      const index = open();
      const [user, key] = [randomUUID(), randomUUID()];
      await index.claim(user, key, "short", 30);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await index.claim(user, key, "after", HOUR_MS)).toBe("after");
    });
  });
}

describeIdempotencyContract("memory", () => createMemoryIdempotencyIndex());

describe("on the embedded store", () => {
  const folder = createTempDataDir("idempotency-index");
  let db = openEmbeddedDatabase(folder.dir);
  afterAll(async () => {
    await db.close();
    folder.remove();
  });
  describeIdempotencyContract("embedded", () => createLmdbIdempotencyIndex(db));

  it("keeps claims across a reopen of the database", async () => {
    const [user, key] = [randomUUID(), randomUUID()];
    await createLmdbIdempotencyIndex(db).claim(user, key, "before-restart", HOUR_MS);
    await db.close();
    db = openEmbeddedDatabase(folder.dir);
    const reopened = createLmdbIdempotencyIndex(db);
    expect(await reopened.claim(user, key, "after-restart", HOUR_MS)).toBe("before-restart");
  });
});

describe("on Redis", () => {
  let server: TestRedisServer;
  let infra: RedisInfra;
  beforeAll(async () => {
    server = await startRedisServer();
    infra = createRedisInfra({ url: server.url, keyPrefix: `idempotency-${randomUUID()}:` });
    await infra.ready();
  });
  afterAll(async () => {
    await infra.close();
    await server.stop();
  });
  describeIdempotencyContract("redis", () => infra.idempotencyIndex);
});

describeOnSentinelAndCluster("Redis idempotency index", ({ name, topology }) => {
  const infra = useTopologyInfra("idempotency", topology);
  describeIdempotencyContract(name, () => infra().idempotencyIndex);
});
