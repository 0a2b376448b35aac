import { PushSubscriptionBodySchema, PushUnsubscribeBodySchema } from "@inquiry-hub/protocol";
import { relayParsedBody } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/** POST → registers this browser's PushSubscription for this device (hub status relayed). */
export function POST(request: Request): Promise<Response> {
  return relayParsedBody(
    request,
    "/api/push/subscriptions",
    { method: "POST", schema: PushSubscriptionBodySchema },
    "Not a valid push subscription.",
  );
}

/** DELETE `{endpoint}` → forgets this device's subscription (hub status relayed). */
export function DELETE(request: Request): Promise<Response> {
  return relayParsedBody(
    request,
    "/api/push/subscriptions",
    { method: "DELETE", schema: PushUnsubscribeBodySchema },
    "endpoint: a URL is required.",
  );
}
