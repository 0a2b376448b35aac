import "server-only";
import { ERROR_CODES } from "@inquiry-hub/protocol";
import type { ApiErrorBody, ErrorCode } from "@inquiry-hub/protocol";

/** One refused field of a request body, as the hub names them too: `{path: "name", message}`. */
export interface FieldProblem {
  path: string;
  message: string;
}

/**
 * A JSON error response in the wire shape `{ error: { code, message, details? } }`; `details`
 * lists the refused fields so the browser can put its own words under each.
 */
export function jsonError(
  code: ErrorCode,
  message: string,
  details?: readonly FieldProblem[],
): Response {
  const body: ApiErrorBody = { error: { code, message, ...(details && { details }) } };
  return Response.json(body, { status: ERROR_CODES[code] });
}

/** 403 for a state change another site's page asked for (see same-origin.ts). */
export function crossOriginRefused(): Response {
  return jsonError("FORBIDDEN", "Cross-origin request refused.");
}

/** 401 for a request that needs the session cookie and came without one. */
export function notLoggedIn(): Response {
  return jsonError("UNAUTHORIZED", "Not logged in.");
}

/** 502 when `fetchHub` got no answer at all. */
export function hubUnreachable(): Response {
  return jsonError("UPSTREAM", "The hub is unreachable. Try again shortly.");
}
