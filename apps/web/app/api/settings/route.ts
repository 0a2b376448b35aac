import { relayHub } from "@/lib/server/hub-proxy";
import { requireJsonBody } from "@/lib/server/body-reader";

export const dynamic = "force-dynamic";

/** GET → the hub's settings of this user (`{yolo:{enabled, until?}}`), as they are. */
export function GET(request: Request): Promise<Response> {
  return relayHub(request, "/api/settings", { method: "GET" });
}

/** PUT `{yolo:{enabled, forSeconds?}}` → forwarded to the hub, which validates it (400 names the field). */
export async function PUT(request: Request): Promise<Response> {
  const body = await requireJsonBody(request, "Send a JSON settings body.");
  if (!body.ok) return body.response;
  return relayHub(request, "/api/settings", { method: "PUT", body: body.value });
}
