import { relayHub } from "@/lib/server/hub-proxy";
import { requireJsonBody } from "@/lib/server/body-reader";

export const dynamic = "force-dynamic";

interface Context {
  params: Promise<{ id: string }>;
}

async function hubPath(context: Context): Promise<string> {
  const { id } = await context.params;
  return `/api/conversations/${encodeURIComponent(id)}`;
}

/** GET → one conversation with its turns (hub body relayed; 404 when it is not this person's). */
export async function GET(request: Request, context: Context): Promise<Response> {
  return relayHub(request, await hubPath(context), { method: "GET" });
}

/** PATCH `{title}` → the renamed conversation; the hub validates the title (400 names it). */
export async function PATCH(request: Request, context: Context): Promise<Response> {
  const body = await requireJsonBody(request, "Send a JSON body with a title.");
  if (!body.ok) return body.response;
  return relayHub(request, await hubPath(context), { method: "PATCH", body: body.value });
}

/** DELETE → the hub deletes the conversation and tells every device of the person. */
export async function DELETE(request: Request, context: Context): Promise<Response> {
  return relayHub(request, await hubPath(context), { method: "DELETE" });
}
