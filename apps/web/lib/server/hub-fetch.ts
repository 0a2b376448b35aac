import "server-only";
import { joinUrl, readEnv } from "../env";
import { clientAddress, readProxyTrust } from "./forwarded-headers";
import { fetchUpstream } from "./upstream";

/** One server-side call to the hub. */
export interface HubRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Sent as JSON with `Content-Type: application/json`. */
  body?: unknown;
  /** A device or person token, sent as `Authorization: Bearer`. */
  token?: string;
  /** The browser's request, whose address the hub's per-address limits should count. */
  forwardedFrom?: Request;
}

/**
 * The one way server code calls the hub: joins HUB_URL and the path, adds the bearer token,
 * the JSON body and the browser's address. Undefined when the hub cannot be reached (the
 * caller answers `hubUnreachable()`); every answer the hub gives comes back as it is.
 */
export function fetchHub(path: string, request: HubRequest): Promise<Response | undefined> {
  const headers: Record<string, string> = {
    ...(request.forwardedFrom === undefined ? {} : forwardedFor(request.forwardedFrom)),
  };
  if (request.token !== undefined) headers.authorization = `Bearer ${request.token}`;
  if (request.body !== undefined) headers["content-type"] = "application/json";
  return fetchUpstream(joinUrl(readEnv().HUB_URL, path), {
    method: request.method,
    headers,
    ...(request.body === undefined ? {} : { body: JSON.stringify(request.body) }),
  });
}

/**
 * `X-Forwarded-For` naming the browser's address, for the hub's per-address limits (the hub
 * believes it only from its HUB_TRUSTED_PROXIES, loopback by default); empty when the address
 * is unknown, so the hub counts the web server's own address instead.
 */
function forwardedFor(request: Request): Record<string, string> {
  const address = clientAddress(request.headers, readProxyTrust());
  return address === undefined ? {} : { "x-forwarded-for": address };
}
