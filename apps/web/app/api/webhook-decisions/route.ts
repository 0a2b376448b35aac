import { WebhookDecisionBodySchema } from "@inquiry-hub/protocol";
import { jsonError } from "@/lib/server/api-error";
import { readJsonBody } from "@/lib/server/body-reader";
import { relayHub } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/**
 * POST `{token}` → the hub applies a signed webhook link's decision for the logged-in person
 * (401 without a session; the hub answers 404 when the link is another person's). The link
 * says what to decide, the session says who decides: a channel identifies nobody, so anyone
 * or any bot that reads the message cannot decide with it. Cross-origin posts are refused.
 */
export async function POST(request: Request): Promise<Response> {
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = WebhookDecisionBodySchema.safeParse(read.value);
  if (!body.success) return jsonError("BAD_REQUEST", "This link is not valid.");
  return relayHub(request, "/api/webhook-decisions", { method: "POST", body: body.data });
}
