import { randomUUID } from "node:crypto";
import type { ApprovalRule } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import type { ApprovalRuleStore } from "../../../src/features/approval-rules/ports";

/** A rule of `tool` made at `createdAt`, never used. */
export function sampleRule(tool: string, createdAt: string): ApprovalRule {
  return {
    id: randomUUID(),
    name: `${tool} · path notes/**`,
    upstream: "demo",
    tool,
    agentCredentialId: null,
    agentName: null,
    conditions: [{ arg: "path", glob: ["notes/**"] }],
    createdAt,
    expiresAt: null,
    fromInquiryId: null,
    allowedCount: 0,
    lastAllowedAt: null,
  };
}

/** The approval-rule port's contract: every store keeps people apart, caps and counts alike. */
export function describeApprovalRuleStoreContract(
  name: string,
  open: () => ApprovalRuleStore,
): void {
  describe(`approval rule store contract: ${name}`, () => {
    it("lists each person's own rules in creation order, and finds one by id only under its owner", async () => {
      const store = open();
      const [ada, bob] = [randomUUID(), randomUUID()];
      const later = sampleRule("write_file", "2026-01-01T00:00:02.000Z");
      const earlier = sampleRule("read_file", "2026-01-01T00:00:01.000Z");
      expect(await store.insert(ada, later, 10)).toBe(true);
      expect(await store.insert(ada, earlier, 10)).toBe(true);
      expect((await store.list(ada)).map((rule) => rule.id)).toEqual([earlier.id, later.id]);
      expect(await store.get(ada, later.id)).toEqual(later);
      expect(await store.list(bob)).toEqual([]);
      expect(await store.get(bob, later.id)).toBeUndefined();
      expect(await store.remove(bob, later.id)).toBe(false);
      expect(await store.update(bob, later.id, { ...later, name: "stolen" })).toBeUndefined();
      await store.recordUse(bob, later.id, "2026-01-01T00:01:00.000Z");
      expect(await store.get(ada, later.id)).toEqual(later);
    });

    it("refuses an insert at the cap, even when several race for the last place", async () => {
      const store = open();
      const user = randomUUID();
      const attempts = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          store.insert(user, sampleRule(`tool_${String(index)}`, new Date().toISOString()), 3),
        ),
      );
      expect(attempts.filter(Boolean)).toHaveLength(3);
      expect(await store.list(user)).toHaveLength(3);
    });

    it("counts every one of concurrent uses and keeps the counts across an update", async () => {
      const store = open();
      const user = randomUUID();
      const rule = sampleRule("write_file", "2026-01-01T00:00:00.000Z");
      await store.insert(user, rule, 10);
      await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          store.recordUse(user, rule.id, `2026-01-01T00:00:${String(10 + index)}.000Z`),
        ),
      );
      const used = await store.get(user, rule.id);
      expect(used?.allowedCount).toBe(10);
      expect(used?.lastAllowedAt).toMatch(/^2026-01-01T00:00:1\d\.000Z$/);
      const renamed = await store.update(user, rule.id, {
        name: "renamed",
        conditions: [{ arg: "path", glob: ["notes/today.md"] }],
        expiresAt: "2026-01-02T00:00:00.000Z",
      });
      expect(renamed).toMatchObject({ name: "renamed", allowedCount: 10 });
      expect(await store.get(user, rule.id)).toEqual(renamed);
    });

    it("removes a rule once: its uses are no longer counted and its place is free again", async () => {
      const store = open();
      const user = randomUUID();
      const rule = sampleRule("write_file", "2026-01-01T00:00:00.000Z");
      await store.insert(user, rule, 1);
      expect(await store.remove(user, rule.id)).toBe(true);
      expect(await store.remove(user, rule.id)).toBe(false);
      await store.recordUse(user, rule.id, "2026-01-01T00:01:00.000Z");
      expect(await store.get(user, rule.id)).toBeUndefined();
      const next = sampleRule("read_file", "2026-01-01T00:02:00.000Z");
      expect(await store.insert(user, next, 1)).toBe(true);
      expect(await store.list(user)).toEqual([next]);
    });
  });
}
