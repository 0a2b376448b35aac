import { WebhookDecisionBodySchema } from "@inquiry-hub/protocol";
import { crossOriginRefused, hubUnreachable, jsonError } from "@/lib/api-error";
import { isForeignOrigin } from "@/lib/same-origin";
import { readJsonBody } from "@/lib/body-reader";
import { fetchHub } from "@/lib/hub-fetch";
import { relayResponse } from "@/lib/upstream";

export const dynamic = "force-dynamic";

/**
 * POST `{token}` → the hub applies a signed webhook link's decision. No session: the token is
 * the credential (a phone opening a Slack link may not be logged in). Cross-origin posts are
 * refused all the same, so another site cannot spend a link it saw.
 */
export async function POST(request: Request): Promise<Response> {
  if (isForeignOrigin(request.headers)) return crossOriginRefused();
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = WebhookDecisionBodySchema.safeParse(read.value);
  if (!body.success) return jsonError("BAD_REQUEST", "This link is not valid.");
  const upstream = await fetchHub("/api/webhook-decisions", {
    method: "POST",
    body: body.data,
    forwardedFrom: request,
  });
  return upstream === undefined ? hubUnreachable() : relayResponse(upstream);
}
