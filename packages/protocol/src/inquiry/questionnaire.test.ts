import { describe, expect, it } from "vitest";
import {
  QuestionsSchema,
  checkQuestionnaireValues,
  questionnaireAnswerText,
} from "./questionnaire";
import type { Question } from "./questionnaire";

const BOOKING: Question[] = [
  { id: "size", text: "How many people?", kind: "number", required: true },
  { id: "time", text: "What time?", kind: "single_choice", options: ["19:00", "20:00"] },
  { id: "diet", text: "Dietary needs?", kind: "multi_choice", options: ["vegan", "nuts"] },
  { id: "terrace", text: "Terrace?", kind: "boolean" },
  { id: "note", text: "Anything else?", kind: "text" },
];

describe("QuestionsSchema", () => {
  it("accepts a questionnaire of every kind", () => {
    expect(QuestionsSchema.safeParse(BOOKING).success).toBe(true);
  });

  it.each([
    [[{ id: "a", text: "A?", kind: "single_choice" }], /options are required/],
    [[{ id: "a", text: "A?", kind: "text", options: ["x"] }], /only for them/],
    [
      [
        { id: "a", text: "A?", kind: "text" },
        { id: "a", text: "B?", kind: "text" },
      ],
      /distinct/,
    ],
    [[{ id: "1st", text: "A?", kind: "text" }], /letters, digits/],
    [[], /too small|>=1/i],
  ])("refuses %j", (questions, message) => {
    const parsed = QuestionsSchema.safeParse(questions);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.message).toMatch(message);
  });
});

describe("checkQuestionnaireValues", () => {
  it("accepts valid values and drops unanswered optional ones", () => {
    const check = checkQuestionnaireValues(BOOKING, {
      size: 4,
      time: "20:00",
      diet: ["vegan"],
      terrace: false,
      note: null,
    });
    expect(check).toEqual({
      ok: true,
      values: { size: 4, time: "20:00", diet: ["vegan"], terrace: false },
    });
  });

  it.each([
    [{}, 'question "size" (How many people?): is required'],
    [{ size: "four" }, 'question "size" (How many people?): must be a number'],
    [{ size: 2, time: "21:00" }, 'question "time" (What time?): must be one of: 19:00, 20:00'],
    [
      { size: 2, diet: ["fish"] },
      'question "diet" (Dietary needs?): must be a list of: vegan, nuts',
    ],
    [{ size: 2, diet: ["vegan", "vegan"] }, "lists an option twice"],
    [{ size: 2, terrace: "yes" }, "must be true or false"],
    [{ size: 2, colour: "red" }, 'values: no question "colour"'],
  ])("refuses %j naming the question", (values, message) => {
    const check = checkQuestionnaireValues(BOOKING, values);
    expect(check.ok).toBe(false);
    if (!check.ok) expect(check.message).toContain(message);
  });
});

describe("questionnaireAnswerText", () => {
  it("lists every question with its answer, in order", () => {
    expect(
      questionnaireAnswerText(BOOKING, { size: 4, diet: ["vegan", "nuts"], terrace: true }),
    ).toBe(
      [
        "How many people?: 4",
        "What time?: (no answer)",
        "Dietary needs?: vegan, nuts",
        "Terrace?: yes",
        "Anything else?: (no answer)",
      ].join("\n"),
    );
  });
});
