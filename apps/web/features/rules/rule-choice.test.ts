import { describe, expect, it } from "vitest";
import { MAX_RULE_CONDITIONS } from "@inquiry-hub/protocol";
import type { RuleCondition } from "@inquiry-hub/protocol";
import { initialChoice, ruleBodyOf, toggleCondition } from "./rule-choice";

const INQUIRY = "9b2f7d1e-4a4c-4e0a-9a43-5a1c2b3d4e5f";
const suggestions: RuleCondition[] = [
  { arg: "path", glob: ["notes/**"] },
  { arg: "path", glob: ["notes/todo.md"] },
  { arg: "size", lte: 200 },
];

describe("the Always allow dialog's choice", () => {
  it("starts narrow: this agent, one day, the first suggestion of each argument", () => {
    expect(initialChoice(suggestions)).toEqual({
      agent: "this-agent",
      picked: [0, 2],
      duration: "1d",
    });
    expect(initialChoice([])).toEqual({ agent: "this-agent", picked: [], duration: "1d" });
  });

  it("sends exactly the ticked suggestions, in the hub's order", () => {
    const choice = toggleCondition(toggleCondition(initialChoice(suggestions), 1, true), 0, false);
    expect(ruleBodyOf(INQUIRY, suggestions, { ...choice, agent: "any-agent" })).toEqual({
      fromInquiryId: INQUIRY,
      agent: "any-agent",
      conditions: [
        { arg: "path", glob: ["notes/todo.md"] },
        { arg: "size", lte: 200 },
      ],
      duration: "1d",
    });
  });

  it("never ticks more conditions than a rule may hold", () => {
    const many: RuleCondition[] = Array.from({ length: MAX_RULE_CONDITIONS + 1 }, (_, index) => ({
      arg: `a${index}`,
      lte: index,
    }));
    const full = initialChoice(many);
    expect(full.picked).toHaveLength(MAX_RULE_CONDITIONS);
    expect(toggleCondition(full, MAX_RULE_CONDITIONS, true)).toBe(full);
  });
});
