import "server-only";
import { ERROR_CODES } from "@inquiry-hub/protocol";
import type { ApiErrorBody, ErrorCode } from "@inquiry-hub/protocol";

/** A JSON error response in the wire shape `{ error: { code, message } }`. */
export function jsonError(code: ErrorCode, message: string): Response {
  const body: ApiErrorBody = { error: { code, message } };
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
