import { CredentialsSchema } from "@inquiry-hub/protocol";
import type { Credentials } from "@inquiry-hub/protocol";
import { ApiClientError } from "@/lib/client/api-client-error";
import { describeApiError } from "@/lib/client/describe-api-error";
import { fieldErrorsOf, refusedFieldsOf } from "@/lib/client/describe-api-error-fields";
import type {
  FieldErrors,
  FieldIssue,
  FieldWordings,
} from "@/lib/client/describe-api-error-fields";
import type { Translate } from "@/lib/i18n/translate";
import type { AuthMode } from "./auth-client";

/** The login form's fields, by their name in the request body. */
const CREDENTIAL_FIELDS: FieldWordings = {
  username: { label: "login.username", format: "login.usernameFormat" },
  password: { label: "login.password" },
};

/**
 * What went wrong, kept unworded so the words follow a language switch: the typed values'
 * problems, or the refusal of a request that was sent.
 */
export type CredentialProblem =
  { issues: readonly FieldIssue[] } | { mode: AuthMode; failure: unknown };

/**
 * What is wrong with the typed credentials, checked with the protocol's own schema (the one
 * the hub checks with), so the limits shown are the hub's and a request that would be
 * refused is never sent. Undefined when they would be accepted.
 */
export function checkCredentials(credentials: Credentials): CredentialProblem | undefined {
  const parsed = CredentialsSchema.safeParse(credentials);
  return parsed.success ? undefined : { issues: parsed.error.issues };
}

/** The problem without the issues of `field`, once the person edits it. */
export function withoutField(problem: CredentialProblem, field: string): CredentialProblem {
  if (!("issues" in problem)) return problem;
  return { issues: problem.issues.filter((issue) => issue.path.join(".") !== field) };
}

/**
 * The words of a problem under its fields or above the buttons. The hub refuses every
 * registration it will not do (a taken name, or a LAN hub that already has its account) with
 * one 403, so the page says the same for all of them rather than guess which it was; a 400 is
 * put under the fields it names.
 */
export function wordCredentialProblem(problem: CredentialProblem, t: Translate): FieldErrors {
  if ("issues" in problem) return fieldErrorsOf(problem.issues, t, CREDENTIAL_FIELDS);
  const refused = refusedFieldsOf(problem.failure);
  if (refused !== undefined) return fieldErrorsOf(refused, t, CREDENTIAL_FIELDS);
  return { fields: {}, form: describeFailure(problem.mode, problem.failure, t) };
}

function describeFailure(mode: AuthMode, failure: unknown, t: Translate): string {
  if (failure instanceof ApiClientError) {
    if (mode === "register" && failure.status === 403) return t("login.registrationRefused");
    if (mode === "login" && failure.status === 401) return t("login.invalidCredentials");
    if (failure.status === 429) return t("login.tooManyAttempts");
  }
  return describeApiError(failure, t, "login.failed");
}
