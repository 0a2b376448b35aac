import { hubUnreachable } from "@/lib/server/api-error";
import { fetchHub } from "@/lib/server/hub-fetch";
import { relayResponse } from "@/lib/server/upstream";

export const dynamic = "force-dynamic";

/** GET → the hub's VAPID public key `{publicKey}` (public, no session needed). */
export async function GET(): Promise<Response> {
  const upstream = await fetchHub("/api/push/key", { method: "GET" });
  return upstream === undefined ? hubUnreachable() : relayResponse(upstream);
}
