import "server-only";
import type { ApiErrorBody } from "@inquiry-hub/protocol";
import { jsonError } from "./api-error";
import { readJsonBody, requireJsonBody } from "./body-reader";
import { relayHub } from "./hub-proxy";
import { RelayParamsSchema, matchRelayRoute } from "./hub-relay-routes";
import type { RelayMatch, RelayMethod } from "./hub-relay-routes";

/**
 * The catch-all relay of the plain hub routes: the method of the handler Next.js called and the
 * browser's path (the catch-all's `params`) must be on the allow-list of hub-relay-routes.ts, or the answer is 404 (path) or
 * 405 (method, with `Allow`) and nothing reaches the hub. A listed one goes through `relayHub`:
 * origin check, the session cookie's token as the only credential, the hub's answer relayed.
 */
export async function relayListedRoute(
  request: Request,
  method: RelayMethod,
  params: unknown,
): Promise<Response> {
  const parsed = RelayParamsSchema.safeParse(params);
  const match = parsed.success ? matchRelayRoute(method, parsed.data.path) : undefined;
  if (match === undefined || "reason" in match) {
    if (match?.reason === "method") return methodNotAllowed(method, match.allowed);
    return jsonError("NOT_FOUND", "No such API route.");
  }
  return relayMatch(request, match);
}

async function relayMatch(request: Request, match: RelayMatch): Promise<Response> {
  const { hubPath, method, body, keepHeaders } = match;
  switch (body.kind) {
    case "none":
      return relayHub(request, hubPath, { method, keepHeaders });
    case "empty":
      return relayHub(request, hubPath, { method, body: {} });
    case "optional": {
      const read = await readJsonBody(request);
      if (!read.ok) return read.response;
      return relayHub(request, hubPath, { method, body: read.value ?? {} });
    }
    case "required": {
      const readBody = (browser: Request) => requireJsonBody(browser, body.missing);
      if (body.afterChecks === true) return relayHub(request, hubPath, { method, readBody });
      const read = await readBody(request);
      if (!read.ok) return read.response;
      return relayHub(request, hubPath, { method, body: read.value });
    }
  }
}

/**
 * 405 in the error wire shape. The shared code table has no code of its own for it (the hub
 * never answers 405), so the code says "bad request" and the status and `Allow` say which.
 */
function methodNotAllowed(method: string, allowed: readonly string[]): Response {
  const list = allowed.join(", ");
  const body: ApiErrorBody = {
    error: { code: "BAD_REQUEST", message: `${method} is not allowed here; use ${list}.` },
  };
  return Response.json(body, { status: 405, headers: { allow: list } });
}
