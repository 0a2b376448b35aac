import "server-only";
import { PairingLookupSchema } from "@inquiry-hub/protocol";
import type { PairingLookup } from "@inquiry-hub/protocol";
import { fetchHub } from "@/lib/server/hub-fetch";

/**
 * What the pair page may say about its code before anyone clicks: the account a waiting code
 * joins, or that it is used or expired; `unknown` when the hub does not know it at all (or
 * its issuing device was revoked), `unreachable` when the hub could not be asked. Looking a
 * code up never spends it.
 */
export async function lookUpPairingCode(
  code: string,
): Promise<PairingLookup | { state: "unknown" } | { state: "unreachable" }> {
  const response = await fetchHub("/api/pairing/lookup", { method: "POST", body: { code } });
  if (response === undefined) return { state: "unreachable" };
  if (response.status === 404 || response.status === 400) return { state: "unknown" };
  if (!response.ok) return { state: "unreachable" };
  const lookup = PairingLookupSchema.safeParse(await response.json());
  return lookup.success ? lookup.data : { state: "unreachable" };
}
