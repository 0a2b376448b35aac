import { ApiClientError } from "./api-client-error";
import { refusedFieldsOf } from "./describe-api-error-fields";
import type { MessageKey, Translate } from "../i18n/translate";

/** Messages a screen uses instead of the common ones for some failures. */
export interface ApiErrorWording {
  /** No answer came back; default `common.unreachable`. */
  unreachable?: MessageKey;
  /** A refusal without the server's own message; gets `{status}`; default `common.requestFailed`. */
  failed?: MessageKey;
  /** 401, shown even over the server's message (the page cannot recover without a login). */
  unauthorized?: MessageKey;
}

/**
 * The text to show for a failed request, in the page's language: the server's own message
 * when it sent one, otherwise the screen's wording for the failure. `fallback` covers
 * everything that is not an ApiClientError and answers that did not match their schema.
 * A 400 naming the fields it refused is never shown in the validator's words (forms that
 * can say which field word it with `fieldErrorsOf`).
 *
 * @example describeApiError(error, t, "devices.loadFailed")
 */
export function describeApiError(
  error: unknown,
  t: Translate,
  fallback: MessageKey,
  wording: ApiErrorWording = {},
): string {
  if (!(error instanceof ApiClientError)) return t(fallback);
  if (error.code === "UNREACHABLE") return t(wording.unreachable ?? "common.unreachable");
  if (error.code === "INVALID_RESPONSE") return t(fallback);
  if (error.status === 401 && wording.unauthorized !== undefined) return t(wording.unauthorized);
  if (refusedFieldsOf(error) !== undefined) return t("validation.notAcceptedAnyField");
  return (
    error.serverMessage ?? t(wording.failed ?? "common.requestFailed", { status: error.status })
  );
}
