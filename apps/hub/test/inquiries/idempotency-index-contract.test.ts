import { randomUUID } from "node:crypto";
import { afterAll, describe, expect, it } from "vitest";
import { openEmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import { createExpiryIndex } from "../../src/platform/lmdb/lmdb-expiry-index";
import { createLmdbIdempotencyIndex } from "../../src/features/inquiries/stores/lmdb-idempotency-index";
import { createMemoryIdempotencyIndex } from "../../src/features/inquiries/stores/memory-idempotency-index";
import { createTempDataDir } from "../support/temp-embedded-database";
import {
  HOUR_MS,
  someScope,
  describeIdempotencyContract,
} from "../support/contracts/idempotency-index";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describeIdempotencyContract("memory", () => createMemoryIdempotencyIndex());

describe("on the embedded store", () => {
  const folder = createTempDataDir("idempotency-index");
  let db = openEmbeddedDatabase(folder.dir);
  afterAll(async () => {
    await db.close();
    folder.remove();
  });
  describeIdempotencyContract("embedded", () => createLmdbIdempotencyIndex(db));

  it("sweeps an expired entry written before keys were scoped by credential", async () => {
    const table = db.table<unknown>("idempotency");
    const expiries = createExpiryIndex(db.table<string>("idempotency-expiry"), "key");
    const [userId, key] = [randomUUID(), randomUUID()];
    const expiredAtMs = Date.now() - 1;
    await table.transaction(() => {
      table.putSync([userId, key], { inquiryId: "per-user", expiresAtMs: expiredAtMs });
      expiries.schedule(JSON.stringify([userId, key]), expiredAtMs);
    });
    const index = createLmdbIdempotencyIndex(db);
    expect(await index.claim({ userId, credentialId: "c" }, key, "new", HOUR_MS)).toBe("new");
    expect(table.get([userId, key])).toBeUndefined();
  });

  it("keeps claims across a reopen of the database", async () => {
    const [scope, key] = [someScope(), randomUUID()];
    await createLmdbIdempotencyIndex(db).claim(scope, key, "before-restart", HOUR_MS);
    await db.close();
    db = openEmbeddedDatabase(folder.dir);
    const reopened = createLmdbIdempotencyIndex(db);
    expect(await reopened.claim(scope, key, "after-restart", HOUR_MS)).toBe("before-restart");
  });
});

describe("on Redis", () => {
  const infra = useSuiteRedisInfra("idempotency");
  describeIdempotencyContract("redis", () => infra().idempotencyIndex);
});
