import { crossOriginRefused, hubUnreachable, jsonError, notLoggedIn } from "@/lib/server/api-error";
import { isForeignOrigin } from "@/lib/server/same-origin";
import { readToken } from "@/lib/server/session";
import { readJsonBody } from "@/lib/server/body-reader";
import { fetchHub } from "@/lib/server/hub-fetch";
import { relayResponse } from "@/lib/server/upstream";

/**
 * POST <answer body> → forwarded to the hub's `POST /api/inquiries/:id/answer` with the
 * session's bearer token. The hub's status and body come back as they are (200 resolved
 * inquiry, 400, 401/403, 404, 409 already resolved), so the page can tell them apart.
 */
export async function POST(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  if (isForeignOrigin(request.headers)) return crossOriginRefused();
  const token = await readToken();
  if (token === undefined) return notLoggedIn();
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  if (body.value === undefined) return jsonError("BAD_REQUEST", "Send a JSON answer body.");
  const { id } = await context.params;
  const upstream = await fetchHub(`/api/inquiries/${encodeURIComponent(id)}/answer`, {
    method: "POST",
    body: body.value,
    token,
    forwardedFrom: request,
  });
  return upstream === undefined ? hubUnreachable() : relayResponse(upstream);
}
