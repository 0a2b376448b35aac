import type { LookupAddress } from "node:dns";
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";

/**
 * Where a webhook must not point unless HUB_WEBHOOK_ALLOW_PRIVATE is set: any URL a user
 * configures is fetched by the hub, so without this a user could make the hub POST into its
 * own network (SSRF): loopback, private and carrier-grade NAT ranges, link-local (cloud
 * metadata services live at 169.254.169.254), unique-local, multicast and reserved space,
 * and "this host" (0.0.0.0 and :: reach the local machine). BlockList matches IPv4-mapped
 * IPv6 addresses (::ffff:127.0.0.1) against the IPv4 ranges itself, so they cannot slip by.
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 3],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 127],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  BLOCKED.addSubnet(network, prefix, "ipv6");

/** Why a webhook address was refused; retrying cannot help. */
export class PrivateAddressError extends Error {
  constructor(hostname: string) {
    super(`${hostname} resolves to a private, loopback or link-local address`);
    this.name = "PrivateAddressError";
  }
}

/** True for addresses in the ranges above; `address` is an IPv4 or IPv6 literal. */
export function isPrivateAddress(address: string): boolean {
  return BLOCKED.check(address, isIP(address) === 6 ? "ipv6" : "ipv4");
}

/** The host of a URL as DNS and `isIP` want it: without IPv6 brackets. */
export function bareHostname(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

/**
 * Every address `hostname` resolves to (dns.lookup with `all`, as connecting would), or
 * PrivateAddressError when any of them is private: a name with one public and one private
 * address could otherwise be used through the private one. Literals are checked as they are.
 */
export async function publicAddresses(hostname: string): Promise<LookupAddress[]> {
  const family = isIP(hostname);
  const addresses =
    family === 0
      ? await lookup(hostname, { all: true, verbatim: true })
      : [{ address: hostname, family }];
  if (addresses.some((each) => isPrivateAddress(each.address)))
    throw new PrivateAddressError(hostname);
  return addresses;
}

/**
 * The config-time check: a reason to refuse `url`, or undefined. A host that does not
 * resolve (yet) is accepted, since a DNS hiccup must not block saving; delivery checks
 * again on every connection, so a name that later resolves privately is still refused.
 */
export async function webhookUrlProblem(url: string): Promise<string | undefined> {
  try {
    await publicAddresses(bareHostname(new URL(url)));
    return undefined;
  } catch (error) {
    if (error instanceof PrivateAddressError)
      return "the webhook URL points to a private, loopback or link-local address";
    return undefined;
  }
}
