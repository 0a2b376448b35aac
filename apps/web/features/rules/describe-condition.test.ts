import { describe, expect, it } from "vitest";
import type { ApprovalRule } from "@inquiry-hub/protocol";
import { createTranslator } from "@/lib/i18n/translate";
import { describeCondition, describeConditions, describeUse } from "./describe-condition";

const en = createTranslator("en");
const zh = createTranslator("zh-CN");

describe("a rule's conditions in words", () => {
  it("says a folder glob, an exact path and any other pattern apart", () => {
    expect(describeCondition({ arg: "path", glob: ["notes/**"] }, en)).toBe("path under notes/");
    expect(describeCondition({ arg: "path", glob: ["notes/todo.md"] }, en)).toBe(
      "path is notes/todo.md",
    );
    expect(describeCondition({ arg: "path", glob: ["notes/*.md", "a/**"] }, en)).toBe(
      "path matches notes/*.md or path under a/",
    );
  });

  it("names SQL statement kinds and number bounds", () => {
    expect(describeCondition({ arg: "query", sql: ["select"] }, en)).toBe("query is a SELECT");
    expect(describeCondition({ arg: "amount", gt: 0, lte: 20 }, en)).toBe(
      "amount above 0 and amount at most 20",
    );
  });

  it("says so when a rule has no condition, in either language", () => {
    expect(describeConditions([], en)).toBe("any arguments");
    expect(describeConditions([{ arg: "path", glob: ["notes/**"] }], zh)).toContain("notes/");
  });

  it("says a rule that never passed a call is not used yet", () => {
    const rule: ApprovalRule = {
      id: "r1",
      name: "write_file · path notes/**",
      upstream: "demo",
      tool: "write_file",
      agentCredentialId: null,
      agentName: null,
      conditions: [],
      createdAt: "2026-11-28T03:00:00.000Z",
      expiresAt: null,
      fromInquiryId: null,
      allowedCount: 0,
      lastAllowedAt: null,
    };
    expect(describeUse(rule, en, "en")).toBe("Not used yet");
    expect(
      describeUse({ ...rule, allowedCount: 3, lastAllowedAt: rule.createdAt }, en, "en"),
    ).toMatch(/^Allowed 3 calls, last /);
    expect(
      describeUse({ ...rule, allowedCount: 1, lastAllowedAt: rule.createdAt }, en, "en"),
    ).toMatch(/^Allowed 1 call, last /);
  });
});
