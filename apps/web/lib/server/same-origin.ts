import "server-only";
import { readProxyTrust, requestHosts } from "./forwarded-headers";
import type { ProxyTrust } from "./forwarded-headers";

/**
 * CSRF guard for state-changing route handlers.
 *
 * A request is foreign when it carries an `Origin` header (browsers send one on every POST)
 * whose host is none of the hosts the request may have been addressed to: its Host, the
 * configured public URL's, or the X-Forwarded-Host of a trusted proxy (a client's own
 * X-Forwarded-Host is ignored). `Origin: null` (sandboxed frames, some redirects) is foreign
 * too. Requests without `Origin` (curl, server-to-server) pass: they cannot ride on a
 * victim's cookie.
 */
export function isForeignOrigin(headers: Headers, trust: ProxyTrust = readProxyTrust()): boolean {
  const origin = headers.get("origin");
  if (origin === null) return false;
  let originHost: string;
  try {
    originHost = new URL(origin).host.toLowerCase();
  } catch {
    return true;
  }
  if (originHost === "") return true;
  return !requestHosts(headers, trust).includes(originHost);
}
