import { jsonError } from "@/lib/api-error";
import { joinUrl, readEnv } from "@/lib/env";
import { isForeignOrigin } from "@/lib/same-origin";
import { readToken } from "@/lib/session";
import { readJsonBody } from "@/lib/body-reader";
import { forwardedFor } from "@/lib/hub-proxy";
import { fetchUpstream, relayResponse } from "@/lib/upstream";

/**
 * POST <answer body> → forwarded to the hub's `POST /api/inquiries/:id/answer` with the
 * session's bearer token. The hub's status and body come back as they are (200 resolved
 * inquiry, 400, 401/403, 404, 409 already resolved), so the page can tell them apart.
 */
export async function POST(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  if (isForeignOrigin(request.headers))
    return jsonError("FORBIDDEN", "Cross-origin request refused.");
  const token = await readToken();
  if (token === undefined) return jsonError("UNAUTHORIZED", "Not logged in.");
  const body = await readJsonBody(request);
  if (!body.ok) return body.response;
  if (body.value === undefined) return jsonError("BAD_REQUEST", "Send a JSON answer body.");
  const { id } = await context.params;
  const upstream = await fetchUpstream(
    joinUrl(readEnv().HUB_URL, `/api/inquiries/${encodeURIComponent(id)}/answer`),
    {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "content-type": "application/json",
        ...forwardedFor(request),
      },
      body: JSON.stringify(body.value),
    },
  );
  if (upstream === undefined)
    return jsonError("UPSTREAM", "The hub is unreachable. Try again shortly.");
  return relayResponse(upstream);
}
