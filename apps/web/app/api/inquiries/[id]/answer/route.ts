import { requireJsonBody } from "@/lib/server/body-reader";
import { relayHub } from "@/lib/server/hub-proxy";

/**
 * POST <answer body> → forwarded to the hub's `POST /api/inquiries/:id/answer` with the
 * session's bearer token. The hub's status and body come back as they are (200 resolved
 * inquiry, 400, 401/403, 404, 409 already resolved), so the page can tell them apart.
 */
export async function POST(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const { id } = await context.params;
  return relayHub(request, `/api/inquiries/${encodeURIComponent(id)}/answer`, {
    method: "POST",
    readBody: (browser) => requireJsonBody(browser, "Send a JSON answer body."),
  });
}
