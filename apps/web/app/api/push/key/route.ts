import { hubUnreachable } from "@/lib/api-error";
import { fetchHub } from "@/lib/hub-fetch";
import { relayResponse } from "@/lib/upstream";

export const dynamic = "force-dynamic";

/** GET → the hub's VAPID public key `{publicKey}` (public, no session needed). */
export async function GET(): Promise<Response> {
  const upstream = await fetchHub("/api/push/key", { method: "GET" });
  return upstream === undefined ? hubUnreachable() : relayResponse(upstream);
}
