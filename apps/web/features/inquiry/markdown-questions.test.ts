import { describe, expect, it } from "vitest";
import { answerTemplate, markdownQuestionList } from "./markdown-questions";

describe("markdownQuestionList", () => {
  it("finds two or more list items, bulleted or numbered", () => {
    expect(markdownQuestionList("Details:\n\n- Where?\n- How long?")).toEqual([
      "Where?",
      "How long?",
    ]);
    expect(markdownQuestionList("1. Where?\n2) When?\n* Budget?")).toEqual([
      "Where?",
      "When?",
      "Budget?",
    ]);
  });

  it("leaves single questions and prose alone", () => {
    expect(markdownQuestionList("Which city?")).toBeUndefined();
    expect(markdownQuestionList("- Only one?")).toBeUndefined();
  });
});

describe("answerTemplate", () => {
  it("puts an answer line under every question", () => {
    expect(answerTemplate(["Where?", "When?"])).toBe("- Where?\n  \n- When?\n  \n");
  });
});
