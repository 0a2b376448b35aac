import { relayHub } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/**
 * GET → the hub's record of one inquiry of this person (the whole `Inquiry`), which a stored
 * conversation turn names only by id: the transcript renders its question card from it.
 */
export async function GET(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  return relayHub(request, `/api/inquiries/${encodeURIComponent(id)}`, { method: "GET" });
}
