import "server-only";
import { crossOriginRefused, hubUnreachable, notLoggedIn } from "./api-error";
import { fetchHub } from "./hub-fetch";
import { isForeignOrigin } from "./same-origin";
import { readToken } from "./session";
import { relayResponse } from "./upstream";

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
  init: { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown },
): Promise<HubCall> {
  if (init.method !== "GET" && isForeignOrigin(request.headers)) {
    return { ok: false, response: crossOriginRefused() };
  }
  const token = await readToken();
  if (token === undefined) {
    return { ok: false, response: notLoggedIn() };
  }
  const upstream = await fetchHub(path, { ...init, token, forwardedFrom: request });
  return upstream === undefined
    ? { ok: false, response: hubUnreachable() }
    : { ok: true, upstream };
}

/** `callHub`, relaying the hub's status and body as they are. */
export async function relayHub(
  request: Request,
  path: string,
  init: { method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE"; body?: unknown },
): Promise<Response> {
  const call = await callHub(request, path, init);
  return call.ok ? relayResponse(call.upstream) : call.response;
}

/** The browser's user agent, as the hub accepts it in a device hint. */
export function userAgentOf(request: Request): string | undefined {
  const userAgent = request.headers.get("user-agent")?.slice(0, 1000);
  return userAgent === undefined || userAgent === "" ? undefined : userAgent;
}
