import { relayHub } from "@/lib/server/hub-proxy";

/**
 * POST → forwarded to the hub's `POST /api/inquiries/:id/extend` with the session's bearer
 * token: one configured step more time. The hub's status and body come back as they are
 * (200 extended inquiry, 401/403, 404, 409 resolved or at the waiting call's limit).
 */
export async function POST(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  return relayHub(request, `/api/inquiries/${encodeURIComponent(id)}/extend`, {
    method: "POST",
    body: {},
  });
}
