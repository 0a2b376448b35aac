import { PushSubscriptionBodySchema, PushUnsubscribeBodySchema } from "@inquiry-hub/protocol";
import { jsonError } from "@/lib/server/api-error";
import { relayHub } from "@/lib/server/hub-proxy";
import { readJsonBody } from "@/lib/server/body-reader";

export const dynamic = "force-dynamic";

/** POST → registers this browser's PushSubscription for this device (hub status relayed). */
export async function POST(request: Request): Promise<Response> {
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = PushSubscriptionBodySchema.safeParse(read.value);
  if (!body.success) return jsonError("BAD_REQUEST", "Not a valid push subscription.");
  return relayHub(request, "/api/push/subscriptions", { method: "POST", body: body.data });
}

/** DELETE `{endpoint}` → forgets this device's subscription (hub status relayed). */
export async function DELETE(request: Request): Promise<Response> {
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = PushUnsubscribeBodySchema.safeParse(read.value);
  if (!body.success) return jsonError("BAD_REQUEST", "endpoint: a URL is required.");
  return relayHub(request, "/api/push/subscriptions", { method: "DELETE", body: body.data });
}
