import "server-only";
import { z } from "zod";
import { readEnv } from "../env";

/**
 * What this app may believe about a request beyond its Host header.
 *
 * Why hops and not proxy addresses: a Next.js route handler never sees the TCP peer. `next
 * start` fills `X-Forwarded-For` with the peer's address, and `X-Forwarded-Proto`/`-Host` with
 * its own view, only when the request did not carry them (`??=` in Next's base server): a
 * client's own values pass through untouched. So the only trustworthy entries are the last
 * ones, appended by the `proxyHops` reverse proxies every request must cross.
 */
export interface ProxyTrust {
  /** Reverse proxies in front of this app (WEB_TRUSTED_PROXY_HOPS); 0 = reached directly. */
  proxyHops: number;
  /** The URL people open (PUBLIC_URL), when configured. */
  publicUrl: URL | undefined;
}

/** The configured trust, from the environment. */
export function readProxyTrust(): ProxyTrust {
  const env = readEnv();
  return {
    proxyHops: env.WEB_TRUSTED_PROXY_HOPS,
    publicUrl: env.PUBLIC_URL === undefined ? undefined : new URL(env.PUBLIC_URL),
  };
}

const IpAddressSchema = z.union([z.ipv4(), z.ipv6()]);

/**
 * The entry `fromRight` places from the right of a comma-separated forwarded header: the one
 * the outermost trusted proxy wrote. A proxy that overwrites rather than appends leaves fewer
 * entries, all its own, so the leftmost is taken then.
 */
function trustedEntry(value: string | null, fromRight: number): string | undefined {
  if (value === null) return undefined;
  const entries = value
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries[Math.max(0, entries.length - fromRight)];
}

/**
 * The browser's IP address, to pass on to the hub for its per-address limits, or undefined when no
 * valid address is known. Reached directly, this is the entry `next start` filled in from the
 * socket; a client that sends its own X-Forwarded-For can still choose it then, which is why the
 * hub also limits failed logins per account (see docs/security.md, "Client addresses, cookies and
 * origins").
 */
export function clientAddress(headers: Headers, trust: ProxyTrust): string | undefined {
  const entry = trustedEntry(headers.get("x-forwarded-for"), Math.max(1, trust.proxyHops));
  return IpAddressSchema.safeParse(entry).success ? entry : undefined;
}

/**
 * Whether the browser reached this app over HTTPS: the configured public URL decides when
 * set, else the protocol a trusted proxy reports. Reached directly, `next start` speaks plain
 * HTTP, and a client's X-Forwarded-Proto is not believed.
 */
export function isSecureRequest(headers: Headers, trust: ProxyTrust): boolean {
  if (trust.publicUrl !== undefined) return trust.publicUrl.protocol === "https:";
  if (trust.proxyHops === 0) return false;
  return trustedEntry(headers.get("x-forwarded-proto"), trust.proxyHops)?.toLowerCase() === "https";
}

/**
 * The hosts the browser addressed this request to: its Host header, then the X-Forwarded-Host
 * a trusted proxy set (never a client's own). Lower-cased, empty ones dropped.
 */
export function addressedHosts(headers: Headers, trust: ProxyTrust): string[] {
  const hosts = [headers.get("host") ?? undefined];
  if (trust.proxyHops > 0)
    hosts.push(trustedEntry(headers.get("x-forwarded-host"), trust.proxyHops));
  return hosts
    .filter((host): host is string => host !== undefined && host !== "")
    .map((host) => host.toLowerCase());
}

/**
 * Every host the request may legitimately have been addressed to: the addressed hosts and
 * the public URL's host.
 */
export function requestHosts(headers: Headers, trust: ProxyTrust): string[] {
  const hosts = addressedHosts(headers, trust);
  return trust.publicUrl === undefined ? hosts : [...hosts, trust.publicUrl.host];
}
