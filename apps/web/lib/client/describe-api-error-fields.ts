import { z } from "zod";
import { ApiClientError } from "./api-client-error";
import type { MessageKey, Translate } from "../i18n/translate";

/**
 * The part of a validation problem its words depend on. zod's own issues fit as they are
 * (`too_small` with `origin` and `minimum`, `invalid_format` with `format` …), so a form can
 * check its input with the protocol's schema and word what it finds; a refusal the server
 * sent comes as a `custom` issue naming only the field.
 */
export interface FieldIssue {
  code: string;
  path: readonly PropertyKey[];
  origin?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  expected?: string;
}

/** How a form names one field: its label, and optionally what its format allows. */
export interface FieldWording {
  label: MessageKey;
  /** Said instead of the generic "not in the accepted format" (which characters a username may use). */
  format?: MessageKey;
}

/** A form's fields by their path in the request body ("password", "name"). */
export type FieldWordings = Readonly<Record<string, FieldWording>>;

/** What a form shows: one message per field, and one for problems of no field it shows. */
export interface FieldErrors {
  fields: Readonly<Record<string, string>>;
  /** Problems with fields the form does not name (or with the body as a whole). */
  form: string | undefined;
}

/** The `details` of a hub 400: each refused field's dotted path and the validator's words. */
const RefusedFieldsSchema = z.array(z.object({ path: z.string(), message: z.string() })).min(1);

/**
 * The issues of a refusal that named the fields it refused (the hub's 400), as `custom`
 * issues: its own wording is the validator's, in English, so only the field is kept.
 * Undefined for any other failure.
 */
export function refusedFieldsOf(error: unknown): FieldIssue[] | undefined {
  if (!(error instanceof ApiClientError) || error.code !== "BAD_REQUEST") return undefined;
  const details = RefusedFieldsSchema.safeParse(error.details);
  if (!details.success) return undefined;
  return details.data.map((each) => ({
    code: "custom",
    path: each.path === "" ? [] : each.path.split("."),
  }));
}

/**
 * One problem in the page's language, never in the validator's words: a length or a range
 * with its limit, a missing value, a format; anything else is "<field>: this value is not
 * accepted".
 *
 * @example describeIssue({ code: "too_small", origin: "string", minimum: 8, path: ["password"] }, t, { password: { label: "login.password" } })
 * // "Password needs at least 8 characters."
 */
export function describeIssue(issue: FieldIssue, t: Translate, fields: FieldWordings): string {
  const wording = fields[issue.path.join(".")];
  if (wording === undefined) return t("validation.notAcceptedAnyField");
  const field = t(wording.label);
  const text = (origin: "string" | "number") => issue.origin === origin;
  switch (issue.code) {
    case "too_small":
      if (text("string") && Number(issue.minimum) <= 1) return t("validation.required", { field });
      if (text("string"))
        return t("validation.tooShort", { field, minimum: Number(issue.minimum) });
      if (text("number"))
        return t("validation.tooSmall", { field, minimum: Number(issue.minimum) });
      break;
    case "too_big":
      if (text("string")) return t("validation.tooLong", { field, maximum: Number(issue.maximum) });
      if (text("number")) return t("validation.tooBig", { field, maximum: Number(issue.maximum) });
      break;
    case "invalid_format":
      return t(wording.format ?? "validation.format", { field });
    case "invalid_type":
      if (issue.expected === "int") return t("validation.wholeNumber", { field });
      break;
  }
  return t("validation.notAccepted", { field });
}

/**
 * The first problem of each field the form names, and one line for the rest.
 *
 * @example fieldErrorsOf(CredentialsSchema.safeParse(input).error.issues, t, LOGIN_FIELDS)
 */
export function fieldErrorsOf(
  issues: readonly FieldIssue[],
  t: Translate,
  fields: FieldWordings,
): FieldErrors {
  const byField: Record<string, string> = {};
  let form: string | undefined;
  for (const issue of issues) {
    const path = issue.path.join(".");
    if (fields[path] === undefined) form ??= describeIssue(issue, t, fields);
    else byField[path] ??= describeIssue(issue, t, fields);
  }
  return { fields: byField, form };
}
