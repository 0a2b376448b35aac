import { randomUUID } from "node:crypto";
import type { Inquiry, InquiryResolution } from "@inquiry-hub/protocol";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { openInquiry } from "../src/core/inquiries/inquiry-machine";
import type { InquiryStore } from "../src/core/inquiries/ports";
import { createMemoryInquiryStore } from "../src/infra/memory/memory-inquiry-store";
import { openEmbeddedDatabase } from "../src/infra/lmdb/embedded-database";
import { createLmdbInquiryStore } from "../src/infra/lmdb/lmdb-inquiry-store";
import { createTempDataDir, openTempEmbeddedDatabase } from "./support/temp-embedded-database";
import type { TempDataDir } from "./support/temp-embedded-database";
import { createRedisInfra } from "../src/infra/redis/index";
import type { RedisInfra } from "../src/infra/redis/index";
import { createKeyLayout } from "../src/infra/redis/keys";
import { describeOnSentinelAndCluster } from "./support/replicated-redis";

/** A store under test and how to release it. */
interface StoreUnderTest {
  store: InquiryStore;
  close(): Promise<void>;
}

const T0 = Date.parse("2026-01-01T12:00:00.000Z");

function pendingInquiry(
  userId: string,
  createdAtOffsetMs = 0,
  patch: Partial<Inquiry> = {},
): Inquiry {
  const createdAt = new Date(T0 + createdAtOffsetMs);
  return {
    ...openInquiry({
      id: randomUUID(),
      userId,
      type: "INQUIRY",
      question: "Which city?",
      options: ["Paris", "Rome"],
      createdAt,
      expiresAt: new Date(createdAt.getTime() + 60_000),
    }),
    ...patch,
  };
}

function answerBy(deviceId: string, response = `answer from ${deviceId}`): InquiryResolution {
  return {
    status: "answered",
    response,
    byDeviceId: deviceId,
    resolvedAt: new Date(T0 + 5_000).toISOString(),
  };
}

/** A store's history lifetime, in whole seconds as Redis expires keys. */
interface StoreOptions {
  historyTtlSeconds?: number;
}

/**
 * The InquiryStore contract: what transports and the inquiry service rely on, whatever the
 * implementation. `open` returns a fresh, empty store for each test.
 */
function describeInquiryStoreContract(
  name: string,
  open: (options?: StoreOptions) => Promise<StoreUnderTest>,
): void {
  describe(`InquiryStore contract: ${name}`, () => {
    let subject: StoreUnderTest;
    let store: InquiryStore;
    let userId: string;

    beforeEach(async () => {
      subject = await open();
      store = subject.store;
      userId = `user-${randomUUID()}`;
    });
    afterEach(() => subject.close());

    it("returns what was inserted, undefined for unknown ids, and refuses duplicate ids", async () => {
      const inquiry = pendingInquiry(userId);
      await store.insert(inquiry);
      expect(await store.get(inquiry.id)).toStrictEqual(inquiry);
      expect(await store.get(randomUUID())).toBeUndefined();
      await expect(store.insert(inquiry)).rejects.toThrow(/duplicate/);
    });

    it("hands out copies: mutating a returned record does not change the store", async () => {
      const inquiry = pendingInquiry(userId);
      await store.insert(inquiry);
      const copy = await store.get(inquiry.id);
      copy?.options.push("Oslo");
      inquiry.options.push("Lima");
      expect((await store.get(inquiry.id))?.options).toStrictEqual(["Paris", "Rome"]);
    });

    it("lists a user's inquiries newest first, optionally by status", async () => {
      const oldest = pendingInquiry(userId, 0);
      const middle = pendingInquiry(userId, 1_000);
      const newest = pendingInquiry(userId, 2_000);
      for (const inquiry of [middle, newest, oldest]) await store.insert(inquiry);
      await store.resolve(middle.id, answerBy("phone"));

      const ids = (list: Inquiry[]): string[] => list.map((inquiry) => inquiry.id);
      expect(ids(await store.listByUser(userId))).toStrictEqual([newest.id, middle.id, oldest.id]);
      expect(ids(await store.listByUser(userId, "pending"))).toStrictEqual([newest.id, oldest.id]);
      expect(ids(await store.listByUser(userId, "answered"))).toStrictEqual([middle.id]);
      expect(await store.listByUser(userId, "cancelled")).toStrictEqual([]);
    });

    it("keeps users apart", async () => {
      const otherUser = `user-${randomUUID()}`;
      const mine = pendingInquiry(userId);
      const theirs = pendingInquiry(otherUser);
      await store.insert(mine);
      await store.insert(theirs);
      expect((await store.listByUser(userId)).map((inquiry) => inquiry.id)).toStrictEqual([
        mine.id,
      ]);
      expect((await store.listByUser(otherUser, "pending")).map((i) => i.id)).toStrictEqual([
        theirs.id,
      ]);
      expect(await store.listByUser(`user-${randomUUID()}`)).toStrictEqual([]);
    });

    it("resolves a pending inquiry once; later attempts get the stored winner", async () => {
      const inquiry = pendingInquiry(userId);
      await store.insert(inquiry);
      const winner = answerBy("phone", "Paris");
      const expected: Inquiry = { ...inquiry, status: "answered", resolution: winner };

      expect(await store.resolve(inquiry.id, winner)).toStrictEqual({
        kind: "resolved",
        inquiry: expected,
      });
      expect(
        await store.resolve(inquiry.id, { status: "cancelled", resolvedAt: winner.resolvedAt }),
      ).toStrictEqual({ kind: "already-final", inquiry: expected });
      expect(await store.get(inquiry.id)).toStrictEqual(expected);
    });

    it("reports not-found when resolving an unknown id", async () => {
      expect(await store.resolve(randomUUID(), answerBy("phone"))).toStrictEqual({
        kind: "not-found",
      });
    });

    it("yields exactly one winner per inquiry under racing resolves (50 × 5)", async () => {
      const inquiries = Array.from({ length: 50 }, (_, index) => pendingInquiry(userId, index));
      await Promise.all(inquiries.map((inquiry) => store.insert(inquiry)));

      const outcomes = await Promise.all(
        inquiries.map((inquiry) =>
          Promise.all(
            ["a", "b", "c", "d", "e"].map((device) => store.resolve(inquiry.id, answerBy(device))),
          ),
        ),
      );

      for (const [index, attempts] of outcomes.entries()) {
        const winners = attempts.filter((outcome) => outcome.kind === "resolved");
        expect(winners).toHaveLength(1);
        const winner = winners[0];
        if (winner?.kind !== "resolved") throw new Error("unreachable");
        for (const outcome of attempts.filter((attempt) => attempt !== winner)) {
          expect(outcome).toStrictEqual({ kind: "already-final", inquiry: winner.inquiry });
        }
        expect(await store.get(inquiries[index]?.id ?? "")).toStrictEqual(winner.inquiry);
      }
      expect(await store.listByUser(userId, "pending")).toStrictEqual([]);
    });

    it("extends a pending inquiry only from its current expiresAt, never once final", async () => {
      const inquiry = pendingInquiry(userId);
      await store.insert(inquiry);
      const later = new Date(Date.parse(inquiry.expiresAt) + 60_000).toISOString();
      const extended: Inquiry = { ...inquiry, expiresAt: later };

      expect(await store.extend(inquiry.id, { from: inquiry.expiresAt, to: later })).toStrictEqual({
        kind: "extended",
        inquiry: extended,
      });
      expect(await store.get(inquiry.id)).toStrictEqual(extended);
      expect(
        await store.extend(inquiry.id, { from: inquiry.expiresAt, to: T0.toString() }),
      ).toStrictEqual({ kind: "stale", inquiry: extended });
      expect((await store.listByUser(userId, "pending"))[0]).toStrictEqual(extended);

      const winner = answerBy("phone", "Paris");
      await store.resolve(inquiry.id, winner);
      const final: Inquiry = { ...extended, status: "answered", resolution: winner };
      expect(
        await store.extend(inquiry.id, {
          from: later,
          to: new Date(Date.parse(later) + 60_000).toISOString(),
        }),
      ).toStrictEqual({ kind: "already-final", inquiry: final });
      expect(await store.get(inquiry.id)).toStrictEqual(final);
      expect(await store.extend(randomUUID(), { from: later, to: later })).toStrictEqual({
        kind: "not-found",
      });
    });

    it("lets exactly one of racing extensions from the same expiresAt win (20 × 5)", async () => {
      const inquiries = Array.from({ length: 20 }, (_, index) => pendingInquiry(userId, index));
      await Promise.all(inquiries.map((inquiry) => store.insert(inquiry)));
      const outcomes = await Promise.all(
        inquiries.map((inquiry) =>
          Promise.all(
            [1, 2, 3, 4, 5].map((minutes) =>
              store.extend(inquiry.id, {
                from: inquiry.expiresAt,
                to: new Date(Date.parse(inquiry.expiresAt) + minutes * 60_000).toISOString(),
              }),
            ),
          ),
        ),
      );
      for (const [index, attempts] of outcomes.entries()) {
        const winners = attempts.filter((outcome) => outcome.kind === "extended");
        expect(winners).toHaveLength(1);
        const winner = winners[0];
        if (winner?.kind !== "extended") throw new Error("unreachable");
        for (const outcome of attempts.filter((attempt) => attempt !== winner))
          expect(outcome).toStrictEqual({ kind: "stale", inquiry: winner.inquiry });
        expect(await store.get(inquiries[index]?.id ?? "")).toStrictEqual(winner.inquiry);
      }
    });

    it("sets agentWaiting on a pending inquiry only when it changes (absent = waiting), never once final", async () => {
      const inquiry = pendingInquiry(userId);
      await store.insert(inquiry);
      expect(await store.setAgentWaiting(inquiry.id, true)).toStrictEqual({
        kind: "unchanged",
        inquiry,
      });
      const away: Inquiry = { ...inquiry, agentWaiting: false };
      expect(await store.setAgentWaiting(inquiry.id, false)).toStrictEqual({
        kind: "changed",
        inquiry: away,
      });
      expect(await store.get(inquiry.id)).toStrictEqual(away);
      expect(await store.listByUser(userId, "pending")).toStrictEqual([away]);
      expect(await store.setAgentWaiting(inquiry.id, false)).toStrictEqual({
        kind: "unchanged",
        inquiry: away,
      });
      const back: Inquiry = { ...inquiry, agentWaiting: true };
      expect(await store.setAgentWaiting(inquiry.id, true)).toStrictEqual({
        kind: "changed",
        inquiry: back,
      });

      const winner = answerBy("phone", "Paris");
      await store.resolve(inquiry.id, winner);
      const final: Inquiry = { ...back, status: "answered", resolution: winner };
      expect(await store.setAgentWaiting(inquiry.id, false)).toStrictEqual({
        kind: "already-final",
        inquiry: final,
      });
      expect(await store.get(inquiry.id)).toStrictEqual(final);
      expect(await store.setAgentWaiting(randomUUID(), false)).toStrictEqual({ kind: "not-found" });
    });

    it("keeps both an extension and an agentWaiting change made at once, and never reopens a resolution", async () => {
      const inquiries = Array.from({ length: 20 }, (_, index) => pendingInquiry(userId, index));
      await Promise.all(inquiries.map((inquiry) => store.insert(inquiry)));
      const later = (inquiry: Inquiry): string =>
        new Date(Date.parse(inquiry.expiresAt) + 60_000).toISOString();
      const extendUntilDone = async (inquiry: Inquiry): Promise<void> => {
        const change = { from: inquiry.expiresAt, to: later(inquiry) };
        while ((await store.extend(inquiry.id, change)).kind === "stale");
      };
      await Promise.all(
        inquiries.flatMap((inquiry) => [
          extendUntilDone(inquiry),
          store.setAgentWaiting(inquiry.id, false),
        ]),
      );
      for (const inquiry of inquiries)
        expect(await store.get(inquiry.id)).toStrictEqual({
          ...inquiry,
          expiresAt: later(inquiry),
          agentWaiting: false,
        });

      const winner = answerBy("laptop");
      await Promise.all(
        inquiries.flatMap((inquiry) => [
          store.resolve(inquiry.id, winner),
          store.setAgentWaiting(inquiry.id, true),
        ]),
      );
      for (const inquiry of inquiries) {
        const stored = await store.get(inquiry.id);
        expect(stored?.status).toBe("answered");
        expect(stored?.resolution).toStrictEqual(winner);
      }
      expect(await store.listByUser(userId, "pending")).toStrictEqual([]);
    });

    it("drops a resolved inquiry once the history TTL has passed; pending ones stay", async () => {
      const short = await open({ historyTtlSeconds: 1 });
      try {
        const resolved = pendingInquiry(userId, 0);
        const pending = pendingInquiry(userId, 1_000);
        await short.store.insert(resolved);
        await short.store.insert(pending);
        await short.store.resolve(resolved.id, answerBy("phone"));
        expect((await short.store.listByUser(userId)).map((each) => each.id)).toStrictEqual([
          pending.id,
          resolved.id,
        ]);

        await expect
          .poll(() => short.store.get(resolved.id), { timeout: 4_000, interval: 100 })
          .toBeUndefined();
        expect(await short.store.listByUser(userId)).toStrictEqual([pending]);
        expect(await short.store.listByUser(userId, "answered")).toStrictEqual([]);
        expect(await short.store.resolve(resolved.id, answerBy("laptop"))).toStrictEqual({
          kind: "not-found",
        });
        expect(await short.store.get(pending.id)).toStrictEqual(pending);
      } finally {
        await short.close();
      }
    });

    it("refuses a pending insert past the user's pending cap, writing nothing, even when racing", async () => {
      const limits = { maxPendingPerUser: 3 };
      const racing = Array.from({ length: 10 }, (_, index) => pendingInquiry(userId, index));
      const outcomes = await Promise.all(racing.map((each) => store.insert(each, limits)));
      expect(outcomes.filter((outcome) => outcome.kind === "inserted")).toHaveLength(3);
      expect(outcomes.filter((outcome) => outcome.kind === "pending-cap")).toHaveLength(7);
      const listed = await store.listByUser(userId, "pending");
      expect(listed).toHaveLength(3);
      const refused = racing.filter((each) => !listed.some((kept) => kept.id === each.id));
      for (const each of refused) expect(await store.get(each.id)).toBeUndefined();

      const otherUser = `user-${randomUUID()}`;
      expect(await store.insert(pendingInquiry(otherUser), limits)).toStrictEqual({
        kind: "inserted",
      });
      await store.resolve(listed[0]?.id ?? "", answerBy("phone"));
      expect(await store.insert(pendingInquiry(userId, 50), limits)).toStrictEqual({
        kind: "inserted",
      });
      expect(await store.insert(pendingInquiry(userId, 51), limits)).toStrictEqual({
        kind: "pending-cap",
      });
    });

    it("refuses a pending insert past the asking credential's cap, writing nothing, while the user's other credentials still insert", async () => {
      const limits = { maxPendingPerUser: 10, maxPendingPerCredential: 3 };
      const askedBy = (credential: string, offset: number): Inquiry =>
        pendingInquiry(userId, offset, { askedByCredentialId: credential });
      const racing = Array.from({ length: 8 }, (_, index) => askedBy("key-a", index));
      const outcomes = await Promise.all(racing.map((each) => store.insert(each, limits)));
      expect(outcomes.filter((outcome) => outcome.kind === "inserted")).toHaveLength(3);
      expect(outcomes.filter((outcome) => outcome.kind === "credential-pending-cap")).toHaveLength(
        5,
      );
      const listed = await store.listByUser(userId, "pending");
      expect(listed).toHaveLength(3);
      const refused = racing.filter((each) => !listed.some((kept) => kept.id === each.id));
      for (const each of refused) expect(await store.get(each.id)).toBeUndefined();

      expect(await store.insert(askedBy("key-b", 20), limits)).toStrictEqual({ kind: "inserted" });
      expect(await store.insert(pendingInquiry(userId, 21), limits)).toStrictEqual({
        kind: "inserted",
      });
      await store.resolve(listed[0]?.id ?? "", answerBy("phone"));
      expect(await store.insert(askedBy("key-a", 30), limits)).toStrictEqual({ kind: "inserted" });
      expect(await store.insert(askedBy("key-a", 31), limits)).toStrictEqual({
        kind: "credential-pending-cap",
      });
      const sameKeyOtherUser = pendingInquiry(`user-${randomUUID()}`, 32, {
        askedByCredentialId: "key-a",
      });
      expect(await store.insert(sameKeyOtherUser, limits)).toStrictEqual({ kind: "inserted" });
    });

    it("round-trips every field through storage unchanged", async () => {
      const inquiry = pendingInquiry(userId, 0, {
        type: "APPROVAL",
        question: 'Run `DROP TABLE "users"`?\n\nÜnïcödé ✓ 🚀 \u2028 <b>&amp;</b> \\ / %s',
        options: [],
        suggestedAnswer: "",
      });
      await store.insert(inquiry);
      expect(await store.get(inquiry.id)).toStrictEqual(inquiry);

      const resolution: InquiryResolution = {
        status: "answered",
        response: "edit",
        values: {
          table: "users",
          limit: 0.1,
          big: 1e21,
          negative: -42,
          flags: [true, false, null],
          empty: [],
          nested: { deeper: { list: [[], {}], text: "ünï 🚀" } },
        },
        byDeviceId: "laptop-Ω",
        resolvedAt: "2026-01-01T12:00:05.123Z",
      };
      const expected: Inquiry = { ...inquiry, status: "answered", resolution };
      expect(await store.resolve(inquiry.id, resolution)).toStrictEqual({
        kind: "resolved",
        inquiry: expected,
      });
      expect(await store.get(inquiry.id)).toStrictEqual(expected);
      expect(await store.listByUser(userId)).toStrictEqual([expected]);

      const rejected = pendingInquiry(userId, 1);
      await store.insert(rejected);
      const reason: InquiryResolution = {
        status: "rejected",
        reason: "not today",
        resolvedAt: "2026-01-01T12:00:06.000Z",
      };
      await store.resolve(rejected.id, reason);
      expect(await store.get(rejected.id)).toStrictEqual({
        ...rejected,
        status: "rejected",
        resolution: reason,
      });
    });
  });
}

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
      expect(trail.map(({ entryId: _entryId, ...entry }) => entry)).toStrictEqual([
        {
          inquiryId: inquiry.id,
          userId: "audit-user",
          from: "pending",
          to: "answered",
          byDeviceId: winner.inquiry.resolution?.byDeviceId,
          at: winner.inquiry.resolution?.resolvedAt,
        },
        {
          inquiryId: inquiry.id,
          userId: "audit-user",
          from: null,
          to: "pending",
          byDeviceId: null,
          at: inquiry.createdAt,
        },
      ]);
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

describeOnSentinelAndCluster("Redis inquiry store", ({ name, topology }) => {
  describeInquiryStoreContract(name, async (options = {}) => {
    const infra = createRedisInfra({
      topology: topology(),
      keyPrefix: `${name}-${randomUUID()}:`,
      log: () => undefined,
      ...options,
    });
    await infra.ready();
    return { store: infra.inquiryStore, close: () => infra.close() };
  });
});
