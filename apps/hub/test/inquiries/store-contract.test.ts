import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { createMemoryInquiryStore } from "../../src/features/inquiries/stores/memory-inquiry-store";
import { openEmbeddedDatabase } from "../../src/platform/lmdb/embedded-database";
import { createLmdbInquiryStore } from "../../src/features/inquiries/stores/lmdb-inquiry-store";
import { createTempDataDir, openTempEmbeddedDatabase } from "../support/temp-embedded-database";
import type { TempDataDir } from "../support/temp-embedded-database";
import { expectedAuditEntries } from "../support/test-inquiry";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { createKeyLayout } from "../../src/platform/redis/keys";
import {
  T0,
  pendingInquiry,
  answerBy,
  describeInquiryStoreContract,
} from "../support/contracts/inquiry-store";

describeInquiryStoreContract("memory", (options = {}) =>
  Promise.resolve({
    store: createMemoryInquiryStore(
      options.historyTtlSeconds === undefined
        ? {}
        : { historyTtlMs: options.historyTtlSeconds * 1000 },
    ),
    close: () => Promise.resolve(),
  }),
);

describeInquiryStoreContract("embedded", (options = {}) => {
  const temp = openTempEmbeddedDatabase("inquiry-store");
  return Promise.resolve({
    store: createLmdbInquiryStore(temp.db, {
      historyTtlSeconds: options.historyTtlSeconds ?? 3_600,
    }),
    close: () => temp.close(),
  });
});

describe("embedded inquiry store: across a reopen", () => {
  let folder: TempDataDir;
  beforeEach(() => {
    folder = createTempDataDir("inquiry-reopen");
  });
  afterEach(() => folder.remove());

  it("keeps records, the pending state and the one-winner resolve after the database is closed and reopened", async () => {
    const first = openEmbeddedDatabase(folder.dir);
    const before = createLmdbInquiryStore(first, { historyTtlSeconds: 3_600 });
    const answered = pendingInquiry("reopen-user", 0);
    const pending = pendingInquiry("reopen-user", 1_000);
    await before.insert(answered);
    await before.insert(pending, { maxPendingPerUser: 2 });
    const winner = await before.resolve(answered.id, answerBy("phone", "Paris"));
    await first.close();

    const second = openEmbeddedDatabase(folder.dir);
    try {
      const after = createLmdbInquiryStore(second, { historyTtlSeconds: 3_600 });
      expect(winner.kind).toBe("resolved");
      expect(await after.get(answered.id)).toStrictEqual(
        winner.kind === "resolved" ? winner.inquiry : undefined,
      );
      expect(await after.listByUser("reopen-user", "pending")).toStrictEqual([pending]);
      expect(
        await after.insert(pendingInquiry("reopen-user", 2_000), { maxPendingPerUser: 1 }),
      ).toStrictEqual({ kind: "pending-cap" });
      await expect(after.insert(pending)).rejects.toThrow(/duplicate/);

      const attempts = await Promise.all(
        ["a", "b", "c"].map((device) => after.resolve(pending.id, answerBy(device))),
      );
      expect(attempts.filter((outcome) => outcome.kind === "resolved")).toHaveLength(1);
      expect(attempts.filter((outcome) => outcome.kind === "already-final")).toHaveLength(2);
      expect(await after.listByUser("reopen-user", "pending")).toStrictEqual([]);
    } finally {
      await second.close();
    }
  });
});

describe("embedded inquiry store: records it did not write", () => {
  it("still validates a record from elsewhere, while reading back its own", async () => {
    const temp = openTempEmbeddedDatabase("inquiry-foreign");
    try {
      const store = createLmdbInquiryStore(temp.db, { historyTtlSeconds: 3_600 });
      const own = pendingInquiry("foreign-user", 0);
      await store.insert(own);
      const foreignId = randomUUID();
      await temp.db
        .table<unknown>("inquiries")
        .put(foreignId, { inquiry: { id: foreignId }, dropAt: null });
      expect(await store.get(own.id)).toStrictEqual(own);
      await expect(store.get(foreignId)).rejects.toThrow();
    } finally {
      await temp.close();
    }
  });
});

describe("memory inquiry store: bounded history", () => {
  it("keeps at most maxResolvedPerUser resolved inquiries per user, dropping the oldest resolution first", async () => {
    const store = createMemoryInquiryStore({ maxResolvedPerUser: 2 });
    const inquiries = Array.from({ length: 4 }, (_, index) => pendingInquiry("flooder", index));
    for (const each of inquiries) await store.insert(each);
    const neighbour = pendingInquiry("neighbour");
    await store.insert(neighbour);
    await store.resolve(neighbour.id, answerBy("phone"));
    for (const each of [inquiries[2], inquiries[0], inquiries[3]])
      await store.resolve(each?.id ?? "", answerBy("phone"));

    const ids = (await store.listByUser("flooder")).map((each) => each.id);
    expect(ids).toStrictEqual([inquiries[3]?.id, inquiries[1]?.id, inquiries[0]?.id]);
    expect(await store.get(inquiries[2]?.id ?? "")).toBeUndefined();
    expect((await store.listByUser("neighbour")).map((each) => each.id)).toStrictEqual([
      neighbour.id,
    ]);
  });
});

describe("Redis inquiry store", () => {
  let server: TestRedisServer;
  const openInfras: RedisInfra[] = [];

  async function openInfra(options: { keyPrefix: string; historyTtlSeconds?: number }) {
    const infra = createRedisInfra({ url: server.url, ...options });
    openInfras.push(infra);
    await infra.ready();
    return infra;
  }

  beforeAll(async () => {
    server = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(openInfras.map((infra) => infra.close()));
    await server.stop();
  });

  describeInquiryStoreContract("redis", async (options = {}) => {
    const infra = await openInfra({ keyPrefix: `test-${randomUUID()}:`, ...options });
    return { store: infra.inquiryStore, close: () => infra.close() };
  });

  describe("Redis-only guarantees", () => {
    let admin: Redis;
    let infra: RedisInfra;
    let keyPrefix: string;
    const historyTtlSeconds = 3_600;

    beforeEach(async () => {
      admin = new Redis(server.url);
      keyPrefix = `test-${randomUUID()}:`;
      infra = await openInfra({ keyPrefix, historyTtlSeconds });
    });
    afterEach(async () => {
      await admin.quit();
      await infra.close();
    });

    it("keeps pending records forever and gives resolved ones the history TTL", async () => {
      const inquiry = pendingInquiry("ttl-user");
      const keys = createKeyLayout(keyPrefix);
      await infra.inquiryStore.insert(inquiry);
      expect(await admin.ttl(keys.inquiry("ttl-user", inquiry.id))).toBe(-1);

      await infra.inquiryStore.resolve(inquiry.id, answerBy("phone"));
      const ttl = await admin.ttl(keys.inquiry("ttl-user", inquiry.id));
      expect(ttl).toBeGreaterThan(historyTtlSeconds - 5);
      expect(ttl).toBeLessThanOrEqual(historyTtlSeconds);
      expect(await admin.zscore(keys.userKeys("ttl-user").pending, inquiry.id)).toBeNull();
    });

    it("moves an extended inquiry in the overdue index, so the sweeper judges the new deadline", async () => {
      const inquiry = pendingInquiry("sweeper-user");
      await infra.inquiryStore.insert(inquiry);
      const dueBefore = new Date(Date.parse(inquiry.expiresAt) + 1_000);
      expect(await infra.pendingIndex.overdue(dueBefore, 10)).toStrictEqual([inquiry.id]);
      const to = new Date(Date.parse(inquiry.expiresAt) + 60_000).toISOString();
      await infra.inquiryStore.extend(inquiry.id, { from: inquiry.expiresAt, to });
      expect(await infra.pendingIndex.overdue(dueBefore, 10)).toStrictEqual([]);
      expect(await infra.pendingIndex.overdue(new Date(Date.parse(to) + 1_000), 10)).toStrictEqual([
        inquiry.id,
      ]);
    });

    it("drops expired records from listings", async () => {
      const keys = createKeyLayout(keyPrefix);
      const expired = pendingInquiry("expiry-user", 0);
      const kept = pendingInquiry("expiry-user", 1);
      await infra.inquiryStore.insert(expired);
      await infra.inquiryStore.insert(kept);
      await infra.inquiryStore.resolve(expired.id, answerBy("phone"));
      await admin.del(keys.inquiry("expiry-user", expired.id));

      expect(await infra.inquiryStore.listByUser("expiry-user")).toStrictEqual([kept]);
      expect(await admin.zrange(keys.userKeys("expiry-user").inquiries, 0, -1)).toStrictEqual([
        kept.id,
      ]);
    });

    it("records creation and the one winning transition in the user's audit stream", async () => {
      const inquiry = pendingInquiry("audit-user");
      await infra.inquiryStore.insert(inquiry);
      const attempts = await Promise.all(
        ["a", "b", "c", "d", "e"].map((device) =>
          infra.inquiryStore.resolve(inquiry.id, answerBy(device)),
        ),
      );
      const winner = attempts.find((outcome) => outcome.kind === "resolved");
      if (winner?.kind !== "resolved") throw new Error("no winner");
      await infra.inquiryStore.resolve(inquiry.id, {
        status: "cancelled",
        resolvedAt: new Date(T0 + 10_000).toISOString(),
      });

      const trail = await infra.inquiryStore.readAuditTrail("audit-user");
      // Newest first.
      expect(trail.map(({ entryId: _entryId, ...entry }) => entry)).toStrictEqual(
        expectedAuditEntries(inquiry, "audit-user", {
          to: "answered",
          byDeviceId: winner.inquiry.resolution?.byDeviceId,
          at: winner.inquiry.resolution?.resolvedAt,
        }).reverse(),
      );
      const [newest] = trail;
      expect(
        await infra.inquiryStore.readAuditTrail("audit-user", { before: newest?.entryId ?? "" }),
      ).toStrictEqual(trail.slice(1));
      expect(await infra.inquiryStore.readAuditTrail("audit-user", { limit: 1 })).toStrictEqual(
        trail.slice(0, 1),
      );
    });
  });

  it("fails fast, never hangs, when Redis was never reachable", async () => {
    const infra = createRedisInfra({ url: "redis://127.0.0.1:1", log: () => {} });
    try {
      await expect(infra.ready(300)).rejects.toMatchObject({ code: "UNAVAILABLE" });
      await expect(infra.inquiryStore.get(randomUUID())).rejects.toMatchObject({
        code: "UNAVAILABLE",
      });
      await expect(
        infra.eventBus.publish({ type: "inquiry.created", inquiry: pendingInquiry("nobody") }),
      ).rejects.toMatchObject({ code: "UNAVAILABLE" });
    } finally {
      await infra.close();
    }
  });

  it("rejects with UNAVAILABLE at once while Redis is down, and recovers when it returns", async () => {
    const outage = await startRedisServer();
    const infra = createRedisInfra({ url: outage.url, keyPrefix: "outage:", log: () => {} });
    try {
      await infra.ready();
      await outage.stop();

      const startedAt = Date.now();
      for (const call of [
        () => infra.inquiryStore.get(randomUUID()),
        () => infra.inquiryStore.resolve(randomUUID(), answerBy("phone")),
        () => infra.inquiryStore.listByUser("someone"),
      ]) {
        await expect(call()).rejects.toMatchObject({ name: "HubError", code: "UNAVAILABLE" });
      }
      expect(Date.now() - startedAt).toBeLessThan(1_000);

      await outage.start();
      const inquiry = pendingInquiry("back-user");
      await expect
        .poll(
          () =>
            infra.inquiryStore.insert(inquiry).then(
              () => true,
              () => false,
            ),
          {
            timeout: 5_000,
            interval: 100,
          },
        )
        .toBe(true);
      expect(await infra.inquiryStore.get(inquiry.id)).toStrictEqual(inquiry);
    } finally {
      await infra.close();
      await outage.stop();
    }
  });
});
