import "server-only";
import { readEnv } from "../env";
import { addressedHosts, readProxyTrust } from "./forwarded-headers";

/**
 * The hub origin a browser should open its Socket.IO connection to.
 *
 * A page served under PUBLIC_URL's host (port included) uses PUBLIC_URL's origin
 * itself: its front door routes `/socket.io/` to the hub, which stays on loopback. Any other
 * page keeps the direct rule: `HUB_PUBLIC_URL` when set, else the page's hostname (from its
 * first host, the Host header) with `HUB_URL`'s protocol and port, so a desktop on
 * `localhost` keeps `localhost`. Without a usable host, `HUB_URL`'s own origin is returned.
 *
 * @example publicHubUrl({ hubUrl: "http://127.0.0.1:4000", publicUrl: new URL("https://10.0.0.5:3443"),
 *   pageHosts: ["10.0.0.5:3443"] })
 * // "https://10.0.0.5:3443"
 */
export function publicHubUrl(input: {
  hubUrl: string;
  hubPublicUrl?: string | undefined;
  /** PUBLIC_URL, whose front door carries Socket.IO to the hub. */
  publicUrl?: URL | undefined;
  /** Hosts the page was addressed to: the Host header first, then a trusted X-Forwarded-Host. */
  pageHosts: readonly (string | null | undefined)[];
}): string {
  const { publicUrl } = input;
  if (
    publicUrl !== undefined &&
    input.pageHosts.some((host) => parseHost(publicUrl.protocol, host)?.host === publicUrl.host)
  )
    return publicUrl.origin;
  if (input.hubPublicUrl !== undefined && input.hubPublicUrl !== "") {
    return new URL(input.hubPublicUrl).origin;
  }
  const hub = new URL(input.hubUrl);
  const page = parseHost(hub.protocol, input.pageHosts[0]);
  if (page === undefined) return hub.origin;
  const derived = new URL(hub.origin);
  derived.hostname = page.hostname;
  return derived.origin;
}

/** The Socket.IO hub origin for a browser that sent `headers`, from the configuration. */
export function hubUrlForRequest(headers: Headers): string {
  const env = readEnv();
  const trust = readProxyTrust();
  return publicHubUrl({
    hubUrl: env.HUB_URL,
    hubPublicUrl: env.HUB_PUBLIC_URL,
    publicUrl: trust.publicUrl,
    pageHosts: addressedHosts(headers, trust),
  });
}

/**
 * The first entry of a Host-like header as a URL under `protocol`, so its `host` drops the
 * protocol's default port as PUBLIC_URL's does; undefined when it names no host.
 */
function parseHost(protocol: string, host: string | null | undefined): URL | undefined {
  const first = host?.split(",")[0]?.trim();
  if (first === undefined || first === "") return undefined;
  try {
    const parsed = new URL(`${protocol}//${first}`);
    return parsed.hostname === "" ? undefined : parsed;
  } catch {
    return undefined;
  }
}
