import { relayHub } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/** GET → the hub's `{devices: Device[]}` of this user, status and body as they are. */
export function GET(request: Request): Promise<Response> {
  return relayHub(request, "/api/devices", { method: "GET" });
}
