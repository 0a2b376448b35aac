import { ApiClientError } from "@/lib/client/api-client-error";
import { describeApiError } from "@/lib/client/describe-api-error";
import { fieldErrorsOf, refusedFieldsOf } from "@/lib/client/describe-api-error-fields";
import type { FieldErrors, FieldWordings } from "@/lib/client/describe-api-error-fields";
import type { Translate } from "@/lib/i18n/translate";

/** The create form's fields, by their name in the request body. */
export const AGENT_KEY_FIELDS: FieldWordings = {
  name: { label: "agentKeys.name" },
  expiresInDays: { label: "agentKeys.expiry" },
};

/**
 * The words for a refused key creation: a 400 under the fields it names (or, when it names
 * none, as one friendly line: never the validator's English), the hub's cap on active keys
 * (429) as what to do about it, anything else as the page's own failure.
 */
export function createFailure(failure: unknown, t: Translate): FieldErrors {
  const refused = refusedFieldsOf(failure);
  if (refused !== undefined) return fieldErrorsOf(refused, t, AGENT_KEY_FIELDS);
  if (failure instanceof ApiClientError && failure.code === "BAD_REQUEST")
    return { fields: {}, form: t("validation.notAcceptedAnyField") };
  if (failure instanceof ApiClientError && failure.status === 429)
    return { fields: {}, form: t("agentKeys.keyLimit") };
  return { fields: {}, form: describeApiError(failure, t, "agentKeys.createFailed") };
}
