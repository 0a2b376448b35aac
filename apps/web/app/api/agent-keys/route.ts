import { CreateAgentKeyBodySchema } from "@inquiry-hub/protocol";
import { relayHub, relayParsedBody } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/** GET → the hub's `{keys: AgentKey[]}` of this user (newest first, revoked included). */
export function GET(request: Request): Promise<Response> {
  return relayHub(request, "/api/agent-keys", { method: "GET" });
}

/**
 * POST `{name, expiresInDays?}` → 201 `{key, secret}` from the hub, the only time the secret
 * is ever sent. The body is checked here too, so a bad one is refused (400 naming the field)
 * before it costs a hub call; only the parsed fields are forwarded.
 */
export function POST(request: Request): Promise<Response> {
  return relayParsedBody(
    request,
    "/api/agent-keys",
    { method: "POST", schema: CreateAgentKeyBodySchema },
    (error) => {
      const issue = error.issues[0];
      const field = issue?.path.join(".") || "body";
      return `Invalid agent key: ${field}: ${issue?.message ?? "send {name, expiresInDays?}"}`;
    },
  );
}
