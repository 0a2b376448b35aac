import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createExpiryIndex } from "../../src/platform/lmdb/lmdb-expiry-index";
import { createLmdbIdempotencyIndex } from "../../src/features/inquiries/stores/lmdb-idempotency-index";
import { createMemoryIdempotencyIndex } from "../../src/features/inquiries/stores/memory-idempotency-index";
import { useSuiteEmbeddedDatabase } from "../support/embedded-database-suite";
import {
  HOUR_MS,
  someScope,
  describeIdempotencyContract,
} from "../support/contracts/idempotency-index";
import { useSuiteRedisInfra } from "../support/redis-infra-suite";

describeIdempotencyContract("memory", () => createMemoryIdempotencyIndex());

describe("on the embedded store", () => {
  const suite = useSuiteEmbeddedDatabase("idempotency-index");
  describeIdempotencyContract("embedded", () => createLmdbIdempotencyIndex(suite().db));

  it("sweeps an expired entry written before keys were scoped by credential", async () => {
    const table = suite().db.table<unknown>("idempotency");
    const expiries = createExpiryIndex(suite().db.table<string>("idempotency-expiry"), "key");
    const [userId, key] = [randomUUID(), randomUUID()];
    const expiredAtMs = Date.now() - 1;
    await table.transaction(() => {
      table.putSync([userId, key], { inquiryId: "per-user", expiresAtMs: expiredAtMs });
      expiries.schedule(JSON.stringify([userId, key]), expiredAtMs);
    });
    const index = createLmdbIdempotencyIndex(suite().db);
    expect(await index.claim({ userId, credentialId: "c" }, key, "new", HOUR_MS)).toBe("new");
    // A claim is answered before its write commits (see createLmdbIdempotencyIndex).
    await table.committed;
    expect(table.get([userId, key])).toBeUndefined();
  });

  it("sweeps an entry it claimed once that expired, at a later claim", async () => {
    const table = suite().db.table<unknown>("idempotency");
    const scope = someScope();
    let nowMs = Date.now();
    const index = createLmdbIdempotencyIndex(suite().db, () => nowMs);
    const [expiring, later] = [randomUUID(), randomUUID()];
    await index.claim(scope, expiring, "short-lived", 1_000);
    await table.committed;
    expect(table.get([scope.userId, scope.credentialId, expiring])).toBeDefined();
    nowMs += 5_000;
    await index.claim(scope, later, "later", HOUR_MS);
    await table.committed;
    expect(table.get([scope.userId, scope.credentialId, expiring])).toBeUndefined();
    expect(table.get([scope.userId, scope.credentialId, later])).toBeDefined();
  });

  it("keeps claims across a reopen of the database", async () => {
    const [scope, key] = [someScope(), randomUUID()];
    await createLmdbIdempotencyIndex(suite().db).claim(scope, key, "before-restart", HOUR_MS);
    await suite().reopen();
    const reopened = createLmdbIdempotencyIndex(suite().db);
    expect(await reopened.claim(scope, key, "after-restart", HOUR_MS)).toBe("before-restart");
  });

  it("puts a release (written behind) on disk by the time the database closes", async () => {
    const [scope, key] = [someScope(), randomUUID()];
    const index = createLmdbIdempotencyIndex(suite().db);
    await index.claim(scope, key, "answered", HOUR_MS);
    await index.release(scope, key, "answered");
    expect(await index.read(scope, key)).toBeUndefined();
    await suite().reopen();
    const reopened = createLmdbIdempotencyIndex(suite().db);
    expect(await reopened.read(scope, key)).toBeUndefined();
    expect(await reopened.claim(scope, key, "asked-anew", HOUR_MS)).toBe("asked-anew");
  });

  it("commits a claim no later than the next write its caller awaits", async () => {
    const [scope, key] = [someScope(), randomUUID()];
    const table = suite().db.table<unknown>("idempotency");
    const inquiries = suite().db.table<number>("idempotency-order-probe");
    const index = createLmdbIdempotencyIndex(suite().db);
    expect(await index.claim(scope, key, "question", HOUR_MS)).toBe("question");
    await inquiries.transaction(() => inquiries.putSync(key, 1));
    expect(table.get([scope.userId, scope.credentialId, key])).toMatchObject({
      inquiryId: "question",
    });
  });

  it("shares a release's commit with the next claim, which never sees the released entry", async () => {
    const [scope, key, other] = [someScope(), randomUUID(), randomUUID()];
    const table = suite().db.table<unknown>("idempotency");
    const index = createLmdbIdempotencyIndex(suite().db);
    await index.claim(scope, key, "answered", HOUR_MS);
    await table.committed;
    await index.release(scope, key, "answered");
    expect(table.get([scope.userId, scope.credentialId, key])).toBeDefined();
    expect(await index.claim(scope, other, "next-question", HOUR_MS)).toBe("next-question");
    await table.committed;
    expect(table.get([scope.userId, scope.credentialId, key])).toBeUndefined();
    expect(await index.claim(scope, key, "asked-anew", HOUR_MS)).toBe("asked-anew");
  });
});

describe("on Redis", () => {
  const infra = useSuiteRedisInfra("idempotency");
  describeIdempotencyContract("redis", () => infra().idempotencyIndex);
});
