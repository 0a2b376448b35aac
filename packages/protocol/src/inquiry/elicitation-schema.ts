import { z } from "zod";
import type { Question } from "./questionnaire";

const Titled = { title: z.string().optional(), description: z.string().optional() };
const OneOfOption = z.object({ const: z.string(), title: z.string() });

/**
 * One property of an MCP elicitation `requestedSchema`: the flat subset of JSON Schema the
 * spec allows (string, number/integer, boolean, single-select enum, multi-select array).
 */
export const ElicitationPropertySchema = z.union([
  z.object({
    type: z.literal("string"),
    ...Titled,
    enum: z.array(z.string()).optional(),
    oneOf: z.array(OneOfOption).optional(),
  }),
  z.object({ type: z.enum(["number", "integer"]), ...Titled }),
  z.object({ type: z.literal("boolean"), ...Titled }),
  z.object({
    type: z.literal("array"),
    ...Titled,
    items: z.union([
      z.object({ type: z.literal("string"), enum: z.array(z.string()) }),
      z.object({ anyOf: z.array(OneOfOption) }),
    ]),
  }),
]);
export type ElicitationProperty = z.infer<typeof ElicitationPropertySchema>;

/** An MCP elicitation `requestedSchema`: a flat object of primitive and enum properties. */
export const RequestedSchemaSchema = z.object({
  type: z.literal("object"),
  properties: z.record(z.string(), ElicitationPropertySchema),
  required: z.array(z.string()).optional(),
});
export type RequestedSchema = z.infer<typeof RequestedSchemaSchema>;

function propertyOf(question: Question): ElicitationProperty {
  const title = question.text;
  const options = question.options ?? [];
  switch (question.kind) {
    case "text":
      return { type: "string", title };
    case "number":
      return { type: "number", title };
    case "boolean":
      return { type: "boolean", title };
    case "single_choice":
      return { type: "string", title, enum: options };
    case "multi_choice":
      return { type: "array", title, items: { type: "string", enum: options } };
  }
}

/**
 * Questions → an elicitation `requestedSchema`, so a questionnaire can be forwarded to any
 * MCP client that renders elicitation forms. Question order is kept as property order.
 */
export function questionsToRequestedSchema(questions: readonly Question[]): RequestedSchema {
  const required = questions.filter((question) => question.required === true);
  return {
    type: "object",
    properties: Object.fromEntries(
      questions.map((question) => [question.id, propertyOf(question)]),
    ),
    ...(required.length === 0 ? {} : { required: required.map((question) => question.id) }),
  };
}

function questionOf(id: string, property: ElicitationProperty, required: boolean): Question {
  const text = property.title ?? property.description ?? id;
  const base = { id, text, ...(required ? { required: true } : {}) };
  switch (property.type) {
    case "number":
    case "integer":
      return { ...base, kind: "number" };
    case "boolean":
      return { ...base, kind: "boolean" };
    case "string": {
      const options = property.enum ?? property.oneOf?.map((option) => option.const);
      return options === undefined
        ? { ...base, kind: "text" }
        : { ...base, kind: "single_choice", options };
    }
    case "array": {
      const items = property.items;
      const options = "enum" in items ? items.enum : items.anyOf.map((option) => option.const);
      return { ...base, kind: "multi_choice", options };
    }
  }
}

/**
 * An elicitation `requestedSchema` → questions (the inverse of
 * {@link questionsToRequestedSchema}). Option titles of `oneOf`/`anyOf` are dropped: a
 * question's options are the values themselves. Throws a ZodError for schemas outside the
 * subset (nested objects, arrays of anything but enum strings).
 */
export function requestedSchemaToQuestions(schema: unknown): Question[] {
  const parsed = RequestedSchemaSchema.parse(schema);
  const required = new Set(parsed.required ?? []);
  return Object.entries(parsed.properties).map(([id, property]) =>
    questionOf(id, property, required.has(id)),
  );
}

/**
 * Marks an inquiry that stands for an upstream MCP server's `elicitation/create` request
 * (approval proxy). The original `requestedSchema` is kept whole, constraints included
 * (`minimum`, `format`, `integer`…), so the hub can refuse an answer the upstream would
 * itself reject while the inquiry is still pending; the form is rendered from `questions`.
 */
export const ElicitationDetailsSchema = z.object({
  /** The configured name of the upstream that asked. */
  upstream: z.string(),
  /** The upstream's requestedSchema as it sent it. */
  requestedSchema: z.record(z.string(), z.unknown()),
});
export type ElicitationDetails = z.infer<typeof ElicitationDetailsSchema>;
