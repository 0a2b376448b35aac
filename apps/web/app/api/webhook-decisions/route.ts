import { WebhookDecisionBodySchema } from "@inquiry-hub/protocol";
import { jsonError } from "@/lib/api-error";
import { joinUrl, readEnv } from "@/lib/env";
import { isForeignOrigin } from "@/lib/same-origin";
import { readJsonBody } from "@/lib/body-reader";
import { forwardedFor } from "@/lib/hub-proxy";
import { fetchUpstream, relayResponse } from "@/lib/upstream";

export const dynamic = "force-dynamic";

/**
 * POST `{token}` → the hub applies a signed webhook link's decision. No session: the token is
 * the credential (a phone opening a Slack link may not be logged in). Cross-origin posts are
 * refused all the same, so another site cannot spend a link it saw.
 */
export async function POST(request: Request): Promise<Response> {
  if (isForeignOrigin(request.headers))
    return jsonError("FORBIDDEN", "Cross-origin request refused.");
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = WebhookDecisionBodySchema.safeParse(read.value);
  if (!body.success) return jsonError("BAD_REQUEST", "This link is not valid.");
  const upstream = await fetchUpstream(joinUrl(readEnv().HUB_URL, "/api/webhook-decisions"), {
    method: "POST",
    headers: { "content-type": "application/json", ...forwardedFor(request) },
    body: JSON.stringify(body.data),
  });
  return upstream === undefined
    ? jsonError("UPSTREAM", "The hub is unreachable. Try again shortly.")
    : relayResponse(upstream);
}
