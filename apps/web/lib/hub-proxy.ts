import { jsonError } from "./api-error";
import { joinUrl, readEnv } from "./env";
import { clientAddress, readProxyTrust } from "./forwarded-headers";
import { isForeignOrigin } from "./same-origin";
import { readToken } from "./session";
import { fetchUpstream, relayResponse } from "./upstream";

/** A hub call made with the session's bearer token, or the response to send instead. */
export type HubCall = { ok: true; upstream: Response } | { ok: false; response: Response };

/**
 * Calls the hub on behalf of the browser: refuses cross-origin state changes (any method
 * but GET), requires the session cookie, and adds its token as `Authorization: Bearer`.
 * 401 without a session, 403 foreign origin, 502 hub unreachable.
 */
export async function callHub(
  request: Request,
  path: string,
  init: { method: "GET" | "POST" | "PUT" | "DELETE"; body?: unknown },
): Promise<HubCall> {
  if (init.method !== "GET" && isForeignOrigin(request.headers)) {
    return { ok: false, response: jsonError("FORBIDDEN", "Cross-origin request refused.") };
  }
  const token = await readToken();
  if (token === undefined) {
    return { ok: false, response: jsonError("UNAUTHORIZED", "Not logged in.") };
  }
  const headers: Record<string, string> = {
    authorization: `Bearer ${token}`,
    ...forwardedFor(request),
  };
  if (init.body !== undefined) headers["content-type"] = "application/json";
  const upstream = await fetchUpstream(joinUrl(readEnv().HUB_URL, path), {
    method: init.method,
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  if (upstream === undefined) {
    return {
      ok: false,
      response: jsonError("UPSTREAM", "The hub is unreachable. Try again shortly."),
    };
  }
  return { ok: true, upstream };
}

/** `callHub`, relaying the hub's status and body as they are. */
export async function relayHub(
  request: Request,
  path: string,
  init: { method: "GET" | "POST" | "PUT" | "DELETE"; body?: unknown },
): Promise<Response> {
  const call = await callHub(request, path, init);
  return call.ok ? relayResponse(call.upstream) : call.response;
}

/**
 * `X-Forwarded-For` naming the browser's address, for the hub's per-address limits (the hub
 * believes it only from its HUB_TRUSTED_PROXIES, loopback by default); empty when the address
 * is unknown, so the hub counts the web server's own address instead.
 */
export function forwardedFor(request: Request): Record<string, string> {
  const address = clientAddress(request.headers, readProxyTrust());
  return address === undefined ? {} : { "x-forwarded-for": address };
}

/** The browser's user agent, as the hub accepts it in a device hint. */
export function userAgentOf(request: Request): string | undefined {
  const userAgent = request.headers.get("user-agent")?.slice(0, 1000);
  return userAgent === undefined || userAgent === "" ? undefined : userAgent;
}
