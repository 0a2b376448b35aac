import { AuthResponseSchema } from "@inquiry-hub/protocol";
import { jsonError } from "./api-error";
import { joinUrl, readEnv } from "./env";
import { isForeignOrigin } from "./same-origin";
import { startSession } from "./session";
import { fetchUpstream, readJsonBody, relayResponse } from "./upstream";

/**
 * Shared body of the login and register route handlers: forwards the credentials to the
 * hub, and on success keeps the token in an httpOnly cookie and returns only `{ user }`.
 * Hub errors (400 invalid, 401 bad login, 409 username taken) are relayed as they are.
 */
export async function handleCredentials(
  request: Request,
  hubPath: "/api/auth/login" | "/api/auth/register",
): Promise<Response> {
  if (isForeignOrigin(request.headers))
    return jsonError("FORBIDDEN", "Cross-origin request refused.");
  const body = await readJsonBody(request);
  if (body === undefined || body === null || typeof body !== "object") {
    return jsonError("BAD_REQUEST", "Send a JSON body {username, password}.");
  }
  const upstream = await fetchUpstream(joinUrl(readEnv().HUB_URL, hubPath), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  if (upstream === undefined)
    return jsonError("UPSTREAM", "The hub is unreachable. Try again shortly.");
  if (!upstream.ok) return relayResponse(upstream);
  const auth = AuthResponseSchema.safeParse(await upstream.json().catch(() => undefined));
  if (!auth.success) return jsonError("UPSTREAM", "The hub sent an unexpected login response.");
  await startSession(auth.data, new URL(request.url).protocol === "https:");
  return Response.json({ user: auth.data.user }, { status: upstream.status });
}
