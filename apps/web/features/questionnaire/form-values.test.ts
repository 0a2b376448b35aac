import { describe, expect, it } from "vitest";
import type { Question } from "@inquiry-hub/protocol";
import { draftToValues, emptyDraft } from "./form-values";

const QUESTIONS: Question[] = [
  { id: "size", text: "How many?", kind: "number", required: true },
  { id: "time", text: "When?", kind: "single_choice", options: ["19:00", "20:00"] },
  { id: "diet", text: "Diet?", kind: "multi_choice", options: ["vegan"] },
  { id: "terrace", text: "Terrace?", kind: "boolean" },
  { id: "note", text: "Note?", kind: "text" },
];

describe("questionnaire form values", () => {
  it("starts empty", () => {
    expect(emptyDraft(QUESTIONS)).toEqual({
      size: "",
      time: "",
      diet: [],
      terrace: false,
      note: "",
    });
  });

  it("sends numbers as numbers and leaves blanks out", () => {
    expect(
      draftToValues(QUESTIONS, {
        size: "4",
        time: "20:00",
        diet: ["vegan"],
        terrace: true,
        note: "",
      }),
    ).toEqual({ size: 4, time: "20:00", diet: ["vegan"], terrace: true });
  });
});
