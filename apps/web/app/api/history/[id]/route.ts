import { relayHub } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/** GET → one inquiry of this user with its audit trail and deliveries (hub body relayed). */
export async function GET(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  return relayHub(request, `/api/history/${encodeURIComponent(id)}`, { method: "GET" });
}
