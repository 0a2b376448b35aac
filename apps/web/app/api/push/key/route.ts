import { joinUrl, readEnv } from "@/lib/env";
import { jsonError } from "@/lib/api-error";
import { fetchUpstream, relayResponse } from "@/lib/upstream";

export const dynamic = "force-dynamic";

/** GET → the hub's VAPID public key `{publicKey}` (public, no session needed). */
export async function GET(): Promise<Response> {
  const upstream = await fetchUpstream(joinUrl(readEnv().HUB_URL, "/api/push/key"), {
    method: "GET",
  });
  return upstream === undefined
    ? jsonError("UPSTREAM", "The hub is unreachable. Try again shortly.")
    : relayResponse(upstream);
}
