/** Socket.IO's default path: the one prefix the front door sends to the hub. */
export const HUB_PATH_PREFIX = "/socket.io/";

/**
 * The certificate the front door serves, for a phone to download and trust (iOS installs it
 * as a profile, Android as a CA certificate). It is the public half only.
 */
export const CERTIFICATE_PATH = "/lan-certificate.crt";

/** Where one request goes: the hub, the web, or the certificate download. */
export type Route = "hub" | "web" | "certificate";

/**
 * Routes by path alone: `/socket.io/…` to the hub (its long-polling requests and its
 * websocket upgrades alike), the certificate path to the download, everything else (pages,
 * route handlers, the service worker, `/api/*`) to the web, whose route handlers call the hub
 * themselves. The hub's `/mcp` and HTTP API are not published: agents reach the hub directly.
 */
export function routeOf(url: string | undefined): Route {
  const path = (url ?? "/").split("?", 1)[0] ?? "/";
  if (path.startsWith(HUB_PATH_PREFIX)) return "hub";
  if (path === CERTIFICATE_PATH) return "certificate";
  return "web";
}
