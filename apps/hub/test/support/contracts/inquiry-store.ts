import { randomUUID } from "node:crypto";
import type { Inquiry, InquiryResolution } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openInquiry } from "../../../src/features/inquiries/inquiry-machine";
import type { InquiryStore } from "../../../src/features/inquiries/ports";

/** A store under test and how to release it. */
interface StoreUnderTest {
  store: InquiryStore;
  close(): Promise<void>;
}

export const T0 = Date.parse("2026-01-01T12:00:00.000Z");

export function pendingInquiry(
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

export function answerBy(
  deviceId: string,
  response = `answer from ${deviceId}`,
): InquiryResolution {
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
 * implementation. `open` returns a fresh, empty store: the suite opens one for all its tests
 * and gives each test a user of its own (every read is by user or by a random id), and the
 * history TTL test opens a second store with a short TTL.
 */
export function describeInquiryStoreContract(
  name: string,
  open: (options?: StoreOptions) => Promise<StoreUnderTest>,
): void {
  describe(`InquiryStore contract: ${name}`, () => {
    let subject: StoreUnderTest;
    let store: InquiryStore;
    let userId: string;

    beforeAll(async () => {
      subject = await open();
      store = subject.store;
    });
    afterAll(() => subject.close());
    beforeEach(() => {
      userId = `user-${randomUUID()}`;
    });

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

    it("lets one of two byte-identical resolves win: one device's same answer through two nodes in one millisecond", async () => {
      const inquiries = Array.from({ length: 20 }, (_, index) => pendingInquiry(userId, index));
      await Promise.all(inquiries.map((inquiry) => store.insert(inquiry)));
      const outcomes = await Promise.all(
        inquiries.map((inquiry) =>
          Promise.all([
            store.resolve(inquiry.id, answerBy("phone")),
            store.resolve(inquiry.id, answerBy("phone")),
          ]),
        ),
      );
      for (const attempts of outcomes)
        expect(attempts.map((outcome) => outcome.kind).sort()).toEqual([
          "already-final",
          "resolved",
        ]);
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
