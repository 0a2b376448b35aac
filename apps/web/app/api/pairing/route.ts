import { relayHub } from "@/lib/server/hub-proxy";

/** POST → a one-time pairing code `{code, expiresAt}` for a new device of this user. */
export function POST(request: Request): Promise<Response> {
  return relayHub(request, "/api/pairing", { method: "POST" });
}
