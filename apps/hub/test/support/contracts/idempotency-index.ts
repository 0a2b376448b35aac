import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createKeptDeliveries } from "../../../src/features/inquiries/kept-deliveries";
import type { IdempotencyIndex, IdempotencyScope } from "../../../src/features/inquiries/ports";

export const HOUR_MS = 60 * 60 * 1000;

/** A fresh credential of a fresh user: each test's keys are its own. */
export const someScope = (): IdempotencyScope => ({
  userId: randomUUID(),
  credentialId: randomUUID(),
});

/** A confirm window far longer than any test waits: only `settle` ends a delivery here. */
const LONG_WINDOW_MS = 60_000;
/**
 * The repeat's wait for a cancel, long enough that a loaded machine's store writes land in it:
 * these cases test the order of deliveries, not the 250 ms default (kept-deliveries.test.ts).
 */
const DELIVERIES = { confirmWindowMs: LONG_WINDOW_MS, cancelBehindRepeatMs: 5_000 };

/** Whether `promise` is still unsettled after in-flight store operations had their turn. */
async function stillWaiting(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(
    () => (settled = true),
    () => (settled = true),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  return !settled;
}

/**
 * The idempotency index's contract: set-if-absent per user and credential, release only its
 * own, expiry; and the deliveries of kept answers built on it (kept-deliveries.ts) hold on
 * every store.
 */
export function describeIdempotencyContract(name: string, open: () => IdempotencyIndex): void {
  describe(`idempotency index contract: ${name}`, () => {
    it("keeps the first claim of a credential's key and scopes keys per user", async () => {
      const index = open();
      const [ada, bob, key] = [someScope(), someScope(), `run:${randomUUID()}`];
      expect(await index.claim(ada, key, "first", HOUR_MS)).toBe("first");
      expect(await index.claim(ada, key, "second", HOUR_MS)).toBe("first");
      expect(await index.claim(bob, key, "bobs", HOUR_MS)).toBe("bobs");
    });

    it("scopes keys per credential: another agent of the person neither finds nor frees one", async () => {
      const index = open();
      const agentA = someScope();
      const agentB = { userId: agentA.userId, credentialId: randomUUID() };
      const key = randomUUID();
      expect(await index.claim(agentA, key, "a-question", HOUR_MS)).toBe("a-question");
      await index.attachResult(agentA, key, "a-question", "a-result", "replace");
      expect(await index.read(agentB, key)).toBeUndefined();
      expect(await index.attachResult(agentB, key, "a-question", "x", "replace")).toBeUndefined();
      await index.release(agentB, key, "a-question");
      expect(await index.claim(agentB, key, "b-question", HOUR_MS)).toBe("b-question");
      expect(await index.read(agentA, key)).toEqual({
        inquiryId: "a-question",
        result: "a-result",
      });
    });

    it("lets exactly one of racing claims win", async () => {
      const index = open();
      const [scope, key] = [someScope(), randomUUID()];
      const ids = Array.from({ length: 20 }, (_, n) => `inquiry-${n}`);
      const held = await Promise.all(ids.map((id) => index.claim(scope, key, id, HOUR_MS)));
      expect(new Set(held).size).toBe(1);
      expect(ids).toContain(held[0]);
    });

    it("releases a key only for the inquiry it names", async () => {
      const index = open();
      const [scope, key] = [someScope(), randomUUID()];
      await index.claim(scope, key, "kept", HOUR_MS);
      await index.release(scope, key, "someone-else");
      expect(await index.claim(scope, key, "late", HOUR_MS)).toBe("kept");
      await index.release(scope, key, "kept");
      expect(await index.claim(scope, key, "fresh", HOUR_MS)).toBe("fresh");
    });

    it("attaches one result beside a key: first wins if absent, replace overwrites", async () => {
      const index = open();
      const [scope, key] = [someScope(), randomUUID()];
      expect(await index.read(scope, key)).toBeUndefined();
      await index.claim(scope, key, "inquiry", HOUR_MS);
      expect(await index.read(scope, key)).toEqual({ inquiryId: "inquiry", result: undefined });
      const raced = await Promise.all(
        ["a", "b", "c"].map((result) =>
          index.attachResult(scope, key, "inquiry", result, "if-absent"),
        ),
      );
      expect(new Set(raced).size).toBe(1);
      expect(["a", "b", "c"]).toContain(raced[0]);
      expect(await index.attachResult(scope, key, "inquiry", "done", "replace")).toBe("done");
      expect(await index.read(scope, key)).toEqual({ inquiryId: "inquiry", result: "done" });
    });

    it("attaches nothing to a key that names another inquiry, or none", async () => {
      const index = open();
      const [scope, other, key] = [someScope(), someScope(), randomUUID()];
      expect(await index.attachResult(scope, key, "inquiry", "x", "replace")).toBeUndefined();
      await index.claim(scope, key, "inquiry", HOUR_MS);
      expect(await index.attachResult(scope, key, "stale", "x", "replace")).toBeUndefined();
      expect(await index.attachResult(other, key, "inquiry", "x", "replace")).toBeUndefined();
      expect((await index.read(scope, key))?.result).toBeUndefined();
      expect(await index.read(other, key)).toBeUndefined();
    });

    it("drops the result with its key: released or expired", async () => {
      const index = open();
      const [scope, key, brief] = [someScope(), randomUUID(), randomUUID()];
      await index.claim(scope, key, "kept", HOUR_MS);
      await index.attachResult(scope, key, "kept", "result", "replace");
      await index.release(scope, key, "kept");
      expect(await index.read(scope, key)).toBeUndefined();
      expect(await index.claim(scope, key, "fresh", HOUR_MS)).toBe("fresh");
      expect((await index.read(scope, key))?.result).toBeUndefined();

      await index.claim(scope, brief, "short", 30);
      await index.attachResult(scope, brief, "short", "result", "replace");
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await index.read(scope, brief)).toBeUndefined();
      await index.claim(scope, brief, "after", HOUR_MS);
      expect(await index.read(scope, brief)).toEqual({ inquiryId: "after", result: undefined });
    });

    it("forgets a key after its time to live", async () => {
      const index = open();
      const [scope, key] = [someScope(), randomUUID()];
      await index.claim(scope, key, "short", 30);
      await new Promise((resolve) => setTimeout(resolve, 80));
      expect(await index.claim(scope, key, "after", HOUR_MS)).toBe("after");
    });

    it("deliveries: an answer that arrived frees its key, a lost one stays kept for one taker", async () => {
      const index = open();
      const deliveries = createKeptDeliveries(index, DELIVERIES);
      const [scope, key] = [someScope(), `repeat ${randomUUID()}`];
      await index.claim(scope, key, "asked", HOUR_MS);
      const arrived = await deliveries.beginDelivery(scope, key, "asked");
      expect(arrived?.confirmWindowMs).toBe(LONG_WINDOW_MS);
      await arrived?.settle(false);
      expect(await index.read(scope, key), "delivered: the question is new").toBeUndefined();
      expect(await deliveries.takeKept(scope, key, "asked")).toBeUndefined();

      await index.claim(scope, key, "again", HOUR_MS);
      await (await deliveries.beginDelivery(scope, key, "again"))?.settle(true);
      expect((await index.read(scope, key))?.inquiryId, "lost: kept").toBe("again");
      const taken = await deliveries.takeKept(scope, key, "again");
      expect(taken).toBeDefined();
      await (await deliveries.beginDelivery(scope, key, "again"))?.settle(true);
      expect((await index.read(scope, key))?.inquiryId, "a second one lost: still kept").toBe(
        "again",
      );
      await taken?.settle(false);
      expect(await index.read(scope, key)).toBeUndefined();
    });

    it("deliveries: of two calls handed the answer at once, either one arriving frees the key", async () => {
      const index = open();
      const deliveries = createKeptDeliveries(index, DELIVERIES);
      const [scope, key] = [someScope(), `repeat ${randomUUID()}`];
      await index.claim(scope, key, "both", HOUR_MS);
      const marked = await deliveries.beginDelivery(scope, key, "both");
      const alongside = await deliveries.beginDelivery(scope, key, "both");
      await alongside?.settle(false);
      await marked?.settle(true);
      expect(await index.read(scope, key), "one arrived: the question is new").toBeUndefined();
      expect(await index.claim(scope, key, "fresh", HOUR_MS)).toBe("fresh");
      expect(await stillWaiting(deliveries.takeKept(scope, key, "fresh")), "no mark left").toBe(
        false,
      );
    });

    it("deliveries: a taker waits out another's delivery, then takes the answer or asks anew", async () => {
      const index = open();
      const deliveries = createKeptDeliveries(index, DELIVERIES);
      const [scope, key] = [someScope(), `repeat ${randomUUID()}`];
      await index.claim(scope, key, "asked", HOUR_MS);
      const first = await deliveries.beginDelivery(scope, key, "asked");
      const lostWaiter = deliveries.takeKept(scope, key, "asked");
      expect(await stillWaiting(lostWaiter), "waits while the first is in delivery").toBe(true);
      await first?.settle(true);
      const second = await lostWaiter;
      expect(second, "the lost answer goes to the waiter").toBeDefined();

      const lateWaiter = deliveries.takeKept(scope, key, "asked");
      expect(await stillWaiting(lateWaiter)).toBe(true);
      await second?.settle(false);
      expect(await lateWaiter, "delivered meanwhile: ask anew").toBeUndefined();
      expect(await index.claim(scope, key, "fresh", HOUR_MS)).toBe("fresh");
    });

    it("deliveries: never of a key that names another question, nor of another credential", async () => {
      const index = open();
      const deliveries = createKeptDeliveries(index, DELIVERIES);
      const [scope, other, key] = [someScope(), someScope(), `repeat ${randomUUID()}`];
      await index.claim(scope, key, "asked", HOUR_MS);
      expect(await deliveries.beginDelivery(scope, key, "stale")).toBeUndefined();
      expect(await deliveries.takeKept(other, key, "asked")).toBeUndefined();
      expect(
        await stillWaiting(deliveries.takeKept(scope, key, "asked")),
        "the refusals left no mark behind",
      ).toBe(false);
    });
  });
}
