import { relayHub } from "@/lib/server/hub-proxy";
import { readJsonBody } from "@/lib/server/body-reader";

export const dynamic = "force-dynamic";

/** GET → the hub's `{conversations}` of this person, newest first, as they are. */
export function GET(request: Request): Promise<Response> {
  return relayHub(request, "/api/conversations", { method: "GET" });
}

/**
 * POST `{title?}` → 201 Conversation from the hub, which validates the body (an empty body
 * creates an untitled one, titled later by its first message). Foreign origins get 403.
 */
export async function POST(request: Request): Promise<Response> {
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  return relayHub(request, "/api/conversations", { method: "POST", body: body.value ?? {} });
}
