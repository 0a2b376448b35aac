import type { Question, QuestionValue } from "@inquiry-hub/protocol";

/** What the form holds per question while the person fills it in. */
export type DraftValue = string | boolean | string[];

/** The empty form: blank text, unchecked boxes, nothing chosen. */
export function emptyDraft(questions: readonly Question[]): Record<string, DraftValue> {
  return Object.fromEntries(
    questions.map((question): [string, DraftValue] => {
      switch (question.kind) {
        case "boolean":
          return [question.id, false];
        case "multi_choice":
          return [question.id, []];
        case "text":
        case "number":
        case "single_choice":
          return [question.id, ""];
      }
    }),
  );
}

/**
 * The form as the `values` of `{action:"answer", values}`: numbers as numbers, blank fields
 * left out (the hub then names any required question still missing).
 */
export function draftToValues(
  questions: readonly Question[],
  draft: Readonly<Record<string, DraftValue>>,
): Record<string, QuestionValue> {
  const values: Record<string, QuestionValue> = {};
  for (const question of questions) {
    const value = draft[question.id];
    if (value === undefined || value === "") continue;
    values[question.id] =
      question.kind === "number" && typeof value === "string" ? Number(value) : value;
  }
  return values;
}
