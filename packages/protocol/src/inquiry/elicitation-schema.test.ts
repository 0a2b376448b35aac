import { describe, expect, it } from "vitest";
import { questionsToRequestedSchema, requestedSchemaToQuestions } from "./elicitation-schema";
import type { Question } from "./questionnaire";

const QUESTIONS: Question[] = [
  { id: "size", text: "How many people?", kind: "number", required: true },
  { id: "time", text: "What time?", kind: "single_choice", options: ["19:00", "20:00"] },
  { id: "diet", text: "Dietary needs?", kind: "multi_choice", options: ["vegan", "nuts"] },
  { id: "terrace", text: "Terrace?", kind: "boolean", required: true },
  { id: "note", text: "Anything else?", kind: "text" },
];

describe("questions ↔ elicitation requestedSchema", () => {
  it("maps every kind onto the elicitation subset", () => {
    expect(questionsToRequestedSchema(QUESTIONS)).toEqual({
      type: "object",
      properties: {
        size: { type: "number", title: "How many people?" },
        time: { type: "string", title: "What time?", enum: ["19:00", "20:00"] },
        diet: {
          type: "array",
          title: "Dietary needs?",
          items: { type: "string", enum: ["vegan", "nuts"] },
        },
        terrace: { type: "boolean", title: "Terrace?" },
        note: { type: "string", title: "Anything else?" },
      },
      required: ["size", "terrace"],
    });
  });

  it("round-trips questions unchanged", () => {
    expect(requestedSchemaToQuestions(questionsToRequestedSchema(QUESTIONS))).toEqual(QUESTIONS);
  });

  it("reads titled enums, integers and untitled properties from other servers", () => {
    expect(
      requestedSchemaToQuestions({
        type: "object",
        properties: {
          level: { type: "string", oneOf: [{ const: "hi", title: "High" }] },
          count: { type: "integer", description: "How many?" },
          tags: { type: "array", items: { anyOf: [{ const: "a", title: "A" }] } },
        },
      }),
    ).toEqual([
      { id: "level", text: "level", kind: "single_choice", options: ["hi"] },
      { id: "count", text: "How many?", kind: "number" },
      { id: "tags", text: "tags", kind: "multi_choice", options: ["a"] },
    ]);
  });

  it("refuses nested objects outside the subset", () => {
    expect(() =>
      requestedSchemaToQuestions({
        type: "object",
        properties: { address: { type: "object", properties: {} } },
      }),
    ).toThrow();
  });
});
