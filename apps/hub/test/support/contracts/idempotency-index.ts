import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { IdempotencyIndex, IdempotencyScope } from "../../../src/core/inquiries/ports";

export const HOUR_MS = 60 * 60 * 1000;

/** A fresh credential of a fresh user: each test's keys are its own. */
export const someScope = (): IdempotencyScope => ({
  userId: randomUUID(),
  credentialId: randomUUID(),
});

/**
 * The idempotency index's contract: set-if-absent per user and credential, release only its
 * own, expiry.
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
  });
}
