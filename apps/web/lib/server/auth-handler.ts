import "server-only";
import { AuthResponseSchema } from "@inquiry-hub/protocol";
import { crossOriginRefused, hubUnreachable, jsonError } from "./api-error";
import { readJsonBody } from "./body-reader";
import { isSecureRequest, readProxyTrust } from "./forwarded-headers";
import { fetchHub } from "./hub-fetch";
import { userAgentOf } from "./hub-proxy";
import { isForeignOrigin } from "./same-origin";
import { startSession } from "./session";
import { relayResponse } from "./upstream";

/**
 * Shared body of the login, register and pairing-claim route handlers: forwards the JSON body
 * to the hub with the browser's user agent (so the new device gets a sensible name) and
 * address (so the hub's login limits count this browser, not the web server), and on success
 * keeps the token in an httpOnly cookie, `Secure` when the browser came over HTTPS, and
 * returns only `{ user, device }`. Hub errors (400 invalid, 401 bad login, 404 unknown pairing
 * code, 403 registration refused, 429 limited) are relayed as they are; 413 for an oversized body.
 */
export async function handleCredentials(
  request: Request,
  hubPath: "/api/auth/login" | "/api/auth/register" | "/api/pairing/claim",
): Promise<Response> {
  const trust = readProxyTrust();
  if (isForeignOrigin(request.headers, trust)) return crossOriginRefused();
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = read.value;
  if (body === undefined || body === null || typeof body !== "object" || Array.isArray(body)) {
    return jsonError("BAD_REQUEST", "Send a JSON object body.");
  }
  const userAgent = userAgentOf(request);
  const upstream = await fetchHub(hubPath, {
    method: "POST",
    body: userAgent === undefined ? body : { ...body, userAgent },
    forwardedFrom: request,
  });
  if (upstream === undefined) return hubUnreachable();
  if (!upstream.ok) return relayResponse(upstream);
  const auth = AuthResponseSchema.safeParse(await upstream.json().catch(() => undefined));
  if (!auth.success) return jsonError("UPSTREAM", "The hub sent an unexpected login response.");
  await startSession(auth.data, isSecureRequest(request.headers, trust));
  return Response.json(
    { user: auth.data.user, device: auth.data.device },
    { status: upstream.status },
  );
}
