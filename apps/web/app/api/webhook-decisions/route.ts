import { WebhookDecisionBodySchema } from "@inquiry-hub/protocol";
import { relayParsedBody } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/**
 * POST `{token}` → the hub applies a signed webhook link's decision for the logged-in person
 * (401 without a session; the hub answers 404 when the link is another person's). The link
 * says what to decide, the session says who decides: a channel identifies nobody, so anyone
 * or any bot that reads the message cannot decide with it. Cross-origin posts are refused.
 */
export function POST(request: Request): Promise<Response> {
  return relayParsedBody(
    request,
    "/api/webhook-decisions",
    { method: "POST", schema: WebhookDecisionBodySchema },
    "This link is not valid.",
  );
}
