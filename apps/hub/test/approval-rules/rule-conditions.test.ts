import { describe, expect, it } from "vitest";
import type { ApprovalRule, RuleCondition } from "@inquiry-hub/protocol";
import { rulePermits, conditionsPermit } from "../../src/features/approval-rules/rule-matching";
import { suggestConditions } from "../../src/features/approval-rules/rule-suggestions";
import { counterExample } from "../../src/features/approval-rules/rule-counter-example";
import { defaultRuleName } from "../../src/features/approval-rules/rule-text";
import { sampleRule } from "../support/contracts/approval-rule-store";

const NOW = Date.parse("2026-01-01T12:00:00.000Z");
const call = (args: Record<string, unknown>, credentialId = "key-1") => ({
  userId: "ada",
  credentialId,
  upstream: "demo",
  tool: "write_file",
  args,
  description: "Write a file",
});

describe("a rule's matcher", () => {
  const rule: ApprovalRule = { ...sampleRule("write_file", "2026-01-01T00:00:00.000Z") };

  it("passes the same tool of the same source whose every condition permits the arguments", () => {
    expect(rulePermits(rule, call({ path: "notes/a/b.md" }), NOW)).toBe(true);
    expect(rulePermits(rule, call({ path: "secrets/a.md" }), NOW)).toBe(false);
    expect(rulePermits(rule, { ...call({ path: "notes/a.md" }), tool: "delete_file" }, NOW)).toBe(
      false,
    );
    expect(rulePermits(rule, { ...call({ path: "notes/a.md" }), upstream: "other" }, NOW)).toBe(
      false,
    );
  });

  it("fails closed: an escaping or missing path, and an unknown SQL kind, permit nothing", () => {
    expect(rulePermits(rule, call({ path: "notes/../../etc/passwd" }), NOW)).toBe(false);
    expect(rulePermits(rule, call({}), NOW)).toBe(false);
    expect(conditionsPermit([{ arg: "q", sql: ["selekt"] }], { q: "SELECT 1" })).toBe(false);
  });

  it("needs every condition, the named credential, and an unexpired rule", () => {
    const both = {
      ...rule,
      conditions: [...rule.conditions, { arg: "size", lte: 10 }],
      agentCredentialId: "key-1",
    };
    expect(rulePermits(both, call({ path: "notes/a.md", size: 10 }), NOW)).toBe(true);
    expect(rulePermits(both, call({ path: "notes/a.md", size: 11 }), NOW)).toBe(false);
    expect(rulePermits(both, call({ path: "notes/a.md", size: 1 }, "key-2"), NOW)).toBe(false);
    const expired = { ...rule, expiresAt: "2026-01-01T11:59:59.000Z" };
    expect(rulePermits(expired, call({ path: "notes/a.md" }), NOW)).toBe(false);
  });

  it("reads `write` as every writing kind, as the proxy config does", () => {
    const writes: RuleCondition[] = [{ arg: "q", sql: ["write"] }];
    expect(conditionsPermit(writes, { q: "DELETE FROM t" })).toBe(true);
    expect(conditionsPermit(writes, { q: "SELECT 1" })).toBe(false);
  });
});

describe("suggestions from a call", () => {
  it("offer a path's folder and file, a query's kinds and a number's ceiling, each true of the call", () => {
    const args = { path: "notes/2026/today.md", query: "SELECT * FROM t", limit: 20, note: "hi" };
    const suggested = suggestConditions(args);
    expect(suggested).toEqual([
      { arg: "path", glob: ["notes/2026/**"] },
      { arg: "path", glob: ["notes/2026/today.md"] },
      { arg: "query", sql: ["select"] },
      { arg: "limit", lte: 20 },
    ]);
    for (const condition of suggested) expect(conditionsPermit([condition], args)).toBe(true);
  });

  it("offer nothing for an escaping path, several statements, or a commented query", () => {
    expect(
      suggestConditions({ path: "../x.md", q: "SELECT 1; DELETE FROM t", r: "SELECT 1 -- x" }),
    ).toEqual([]);
  });
});

describe("a preview's counter-example", () => {
  it("is the call with one argument moved outside its condition, refused by the matcher", () => {
    const args = { path: "notes/today.md", query: "SELECT 1", limit: 20 };
    const glob: RuleCondition[] = [{ arg: "path", glob: ["notes/**"] }];
    expect(counterExample(glob, args)).toEqual({ ...args, path: "elsewhere/today.md" });
    const sql: RuleCondition[] = [{ arg: "query", sql: ["select"] }];
    expect(counterExample(sql, args)).toEqual({ ...args, query: "DELETE FROM example" });
    const bound: RuleCondition[] = [{ arg: "limit", lte: 20 }];
    expect(counterExample(bound, args)).toEqual({ ...args, limit: 21 });
    const nested: RuleCondition[] = [{ arg: "options.depth", lt: 3 }];
    expect(counterExample(nested, { options: { depth: 1 } })).toEqual({ options: { depth: 3 } });
  });

  it("is null when no call of the tool is refused", () => {
    expect(counterExample([], { path: "notes/a.md" })).toBeNull();
    expect(counterExample([{ arg: "path", glob: ["**"] }], { path: "notes/a.md" })).toBeNull();
  });
});

it("names a rule after its tool and conditions", () => {
  expect(defaultRuleName("write_file", [{ arg: "path", glob: ["notes/**"] }])).toBe(
    "write_file · path notes/**",
  );
  expect(defaultRuleName("pay", [{ arg: "amount", lte: 20 }])).toBe("pay · amount ≤ 20");
});
