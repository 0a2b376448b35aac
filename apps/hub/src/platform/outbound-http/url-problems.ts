import { pointsInward } from "./public-address-guard";

/**
 * Save-time checks of the URLs users hand the hub, each a reason to refuse or undefined.
 * Delivery checks the address again on every connection (guarded-request); these exist so a
 * user learns at once, with a 400, rather than through silent failed deliveries.
 */

/** A webhook may be http or https, but must not point to a non-public address. */
export async function webhookUrlProblem(url: string): Promise<string | undefined> {
  return (await pointsInward(new URL(url)))
    ? "the webhook URL points to a private, loopback or link-local address"
    : undefined;
}

/**
 * A push endpoint must be https (every browser's push service is) and must not point to a
 * non-public address.
 */
export async function pushEndpointProblem(endpoint: string): Promise<string | undefined> {
  const url = new URL(endpoint);
  if (url.protocol !== "https:") return "the push endpoint must be an https URL";
  return (await pointsInward(url))
    ? "the push endpoint points to a private, loopback or link-local address"
    : undefined;
}
