import { ERROR_CODES } from "@inquiry-hub/protocol";
import type { ApiErrorBody, ErrorCode } from "@inquiry-hub/protocol";

/** A JSON error response in the wire shape `{ error: { code, message } }`. */
export function jsonError(code: ErrorCode, message: string): Response {
  const body: ApiErrorBody = { error: { code, message } };
  return Response.json(body, { status: ERROR_CODES[code] });
}
