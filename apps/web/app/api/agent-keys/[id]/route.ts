import { relayHub } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/** DELETE → revokes one agent key of this user: the hub's 200 `{key}` (or 404) relayed. */
export async function DELETE(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  return relayHub(request, `/api/agent-keys/${encodeURIComponent(id)}`, { method: "DELETE" });
}
