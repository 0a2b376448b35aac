import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import ipaddr from "ipaddr.js";
import type { IPv4, IPv6 } from "ipaddr.js";

/**
 * The one guard of every URL the hub fetches on a user's behalf (webhooks, Web Push): without
 * it a user could make the hub send requests into its own network (SSRF). Only addresses that
 * ipaddr.js classifies as plain `unicast` pass, so loopback, private, carrier-grade NAT,
 * link-local (cloud metadata at 169.254.169.254), unique-local, multicast, documentation,
 * benchmarking and reserved space are all refused, and so is "this host" (0.0.0.0, ::).
 * IPv6 forms that carry an IPv4 address on to the IPv4 network are judged by that address.
 */

/** Why an address was refused; retrying cannot help. */
export class PrivateAddressError extends Error {
  constructor(hostname: string) {
    super(`${hostname} resolves to a private, loopback or link-local address`);
    this.name = "PrivateAddressError";
  }
}

function isPublicIpv4(address: IPv4): boolean {
  return address.range() === "unicast";
}

/** The 32-bit IPv4 address held in two 16-bit IPv6 groups, `high` first. */
function ipv4From(high: number, low: number): IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 addresses an IPv6 address would end up reaching: IPv4-mapped and -translated
 * (::ffff:a.b.c.d, ::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96),
 * 6to4 (2002:AABB:CCDD::) and Teredo (server and the inverted client address).
 * Undefined = the address embeds no IPv4 address and is judged as IPv6.
 */
function embeddedIpv4(address: IPv6): IPv4[] | undefined {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = address.parts;
  const range = address.range();
  if (range === "ipv4Mapped" || range === "rfc6145") return [ipv4From(g6, g7)];
  if (range === "rfc6052")
    return g0 === 0x64 && g1 === 0xff9b && g2 === 0 ? [ipv4From(g6, g7)] : [];
  if (range === "6to4") return [ipv4From(g1, g2)];
  if (range === "teredo") return [ipv4From(g2, g3), ipv4From(g6 ^ 0xffff, g7 ^ 0xffff)];
  const ipv4Compatible = range === "unicast" && [g0, g1, g2, g3, g4, g5].every((g) => g === 0);
  return ipv4Compatible ? [ipv4From(g6, g7)] : undefined;
}

/**
 * True when the hub may connect to `address` (an IPv4 or IPv6 literal). An IPv6 address with
 * an IPv4 address inside passes only when every embedded address is public; the local-use
 * NAT64 prefix 64:ff9b:1::/48 (RFC 8215) embeds none we can judge, so it never passes.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv4) return isPublicIpv4(parsed);
  const embedded = embeddedIpv4(parsed);
  if (embedded !== undefined) return embedded.length > 0 && embedded.every(isPublicIpv4);
  return parsed.range() === "unicast";
}

/** The host of a URL as DNS and `isIP` want it: without IPv6 brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * Every address `hostname` resolves to (dns.lookup with `all`, as connecting would), or
 * PrivateAddressError when any of them is not public: a name with one public and one private
 * address could otherwise be used through the private one. Literals are checked as they are.
 */
export async function publicAddresses(hostname: string): Promise<LookupAddress[]> {
  const family = isIP(hostname);
  const addresses =
    family === 0
      ? await lookup(hostname, { all: true, verbatim: true })
      : [{ address: hostname, family }];
  if (!addresses.every((each) => isPublicAddress(each.address)))
    throw new PrivateAddressError(hostname);
  return addresses;
}

/**
 * The save-time check: true when `url`'s host is, or resolves to, a non-public address. A
 * host that does not resolve (yet) counts as fine, since a DNS hiccup must not block saving;
 * every connection is checked again (see guarded-request), so a name that later resolves
 * inward is still refused.
 */
export async function pointsInward(url: URL): Promise<boolean> {
  try {
    await publicAddresses(bareHostname(url));
    return false;
  } catch (error) {
    return error instanceof PrivateAddressError;
  }
}
