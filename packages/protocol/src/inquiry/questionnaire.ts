import { z } from "zod";
import { MAX_ANSWER_LENGTH } from "./answer";

/** The kinds of question a questionnaire may hold; each maps onto an MCP elicitation property. */
export const QuestionKindSchema = z.enum([
  "text",
  "single_choice",
  "multi_choice",
  "number",
  "boolean",
]);
export type QuestionKind = z.infer<typeof QuestionKindSchema>;

const CHOICE_KINDS: ReadonlySet<QuestionKind> = new Set(["single_choice", "multi_choice"]);

/**
 * One question of a questionnaire (`send_inquiry`'s `questions`). `options` are required for
 * the choice kinds and refused for the others; `required` defaults to false, as in JSON Schema.
 *
 * @example { id: "party_size", text: "How many people?", kind: "number", required: true }
 */
export const QuestionSchema = z
  .object({
    /** Key of the answer in `values`; letters, digits, `_` and `-`, starting with a letter or `_`. */
    id: z
      .string()
      .regex(/^[A-Za-z_][\w-]{0,63}$/, "letters, digits, '_' and '-', at most 64 characters"),
    /** The question as the person reads it. */
    text: z.string().min(1).max(1000),
    kind: QuestionKindSchema,
    /** The choices of a `single_choice` / `multi_choice` question. */
    options: z.array(z.string().min(1).max(500)).min(1).max(50).optional(),
    /** Whether an answer must give a value for this question. */
    required: z.boolean().optional(),
  })
  .refine((question) => CHOICE_KINDS.has(question.kind) === (question.options !== undefined), {
    message: "options are required for single_choice and multi_choice, and only for them",
    path: ["options"],
  });
export type Question = z.infer<typeof QuestionSchema>;

/** A questionnaire: 1–20 questions with distinct ids. */
export const QuestionsSchema = z
  .array(QuestionSchema)
  .min(1)
  .max(20)
  .refine(
    (questions) => new Set(questions.map((question) => question.id)).size === questions.length,
    {
      message: "question ids must be distinct",
    },
  );

/** A value the person gave for one question: text, number, yes/no, or the chosen options. */
export type QuestionValue = string | number | boolean | string[];

function checkValue(question: Question, value: unknown): string | undefined {
  const options = question.options ?? [];
  switch (question.kind) {
    case "text":
      if (typeof value !== "string") return "must be text";
      if (value.length > MAX_ANSWER_LENGTH)
        return `must be at most ${MAX_ANSWER_LENGTH} characters`;
      if (question.required === true && value.trim() === "") return "is required";
      return undefined;
    case "number":
      return typeof value === "number" && Number.isFinite(value) ? undefined : "must be a number";
    case "boolean":
      return typeof value === "boolean" ? undefined : "must be true or false";
    case "single_choice":
      return typeof value === "string" && options.includes(value)
        ? undefined
        : `must be one of: ${options.join(", ")}`;
    case "multi_choice": {
      if (!Array.isArray(value) || !value.every((item) => options.includes(item as string)))
        return `must be a list of: ${options.join(", ")}`;
      if (new Set(value).size !== value.length) return "lists an option twice";
      if (question.required === true && value.length === 0) return "is required";
      return undefined;
    }
  }
}

/** The outcome of checking an answer's `values` against the questions. */
export type QuestionnaireCheck =
  { ok: true; values: Record<string, QuestionValue> } | { ok: false; message: string };

/**
 * Checks a questionnaire answer: every key a known question id, every required question
 * answered, every value of its question's kind (choices among its options). The message
 * names the question, e.g. `question "party_size" (How many people?): must be a number`.
 */
export function checkQuestionnaireValues(
  questions: readonly Question[],
  values: Record<string, unknown>,
): QuestionnaireCheck {
  const known = new Set(questions.map((question) => question.id));
  const unknown = Object.keys(values).find((key) => !known.has(key));
  if (unknown !== undefined) return { ok: false, message: `values: no question "${unknown}"` };
  const accepted: Record<string, QuestionValue> = {};
  for (const question of questions) {
    const value = values[question.id];
    const named = `question "${question.id}" (${question.text})`;
    if (value === undefined || value === null) {
      if (question.required === true) return { ok: false, message: `${named}: is required` };
      continue;
    }
    const problem = checkValue(question, value);
    if (problem !== undefined) return { ok: false, message: `${named}: ${problem}` };
    accepted[question.id] = value as QuestionValue;
  }
  return { ok: true, values: accepted };
}

function formatValue(value: unknown): string {
  if (value === undefined || value === null) return "(no answer)";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length === 0 ? "(none)" : value.map(String).join(", ");
  return typeof value === "string" ? value : JSON.stringify(value);
}

/**
 * The readable form of a questionnaire answer, one "question: answer" line per question in
 * the questionnaire's order, e.g. `How many people?: 4`.
 */
export function questionnaireAnswerText(
  questions: readonly Question[],
  values: Record<string, unknown>,
): string {
  return questions
    .map((question) => `${question.text}: ${formatValue(values[question.id])}`)
    .join("\n");
}
