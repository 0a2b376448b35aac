import { relayHub } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/** GET → the hub's pending inquiries of this user (`Inquiry[]`), status and body as they are. */
export function GET(request: Request): Promise<Response> {
  return relayHub(request, "/api/inquiries?status=pending", { method: "GET" });
}
