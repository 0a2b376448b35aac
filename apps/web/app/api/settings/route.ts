import { jsonError } from "@/lib/server/api-error";
import { relayHub } from "@/lib/server/hub-proxy";
import { readJsonBody } from "@/lib/server/body-reader";

export const dynamic = "force-dynamic";

/** GET → the hub's settings of this user (`{yolo:{enabled, until?}}`), as they are. */
export function GET(request: Request): Promise<Response> {
  return relayHub(request, "/api/settings", { method: "GET" });
}

/** PUT `{yolo:{enabled, forSeconds?}}` → forwarded to the hub, which validates it (400 names the field). */
export async function PUT(request: Request): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  if (body.value === undefined) return jsonError("BAD_REQUEST", "Send a JSON settings body.");
  return relayHub(request, "/api/settings", { method: "PUT", body: body.value });
}
