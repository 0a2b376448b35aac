import { crossOriginRefused, hubUnreachable, notLoggedIn } from "@/lib/server/api-error";
import { isForeignOrigin } from "@/lib/server/same-origin";
import { readToken } from "@/lib/server/session";
import { fetchHub } from "@/lib/server/hub-fetch";
import { relayResponse } from "@/lib/server/upstream";

/**
 * POST → forwarded to the hub's `POST /api/inquiries/:id/extend` with the session's bearer
 * token: one configured step more time. The hub's status and body come back as they are
 * (200 extended inquiry, 401/403, 404, 409 resolved or at the waiting call's limit).
 */
export async function POST(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  if (isForeignOrigin(request.headers)) return crossOriginRefused();
  const token = await readToken();
  if (token === undefined) return notLoggedIn();
  const { id } = await context.params;
  const upstream = await fetchHub(`/api/inquiries/${encodeURIComponent(id)}/extend`, {
    method: "POST",
    body: {},
    token,
    forwardedFrom: request,
  });
  return upstream === undefined ? hubUnreachable() : relayResponse(upstream);
}
