import { CreateAgentKeyBodySchema } from "@inquiry-hub/protocol";
import { jsonError } from "@/lib/server/api-error";
import { relayHub } from "@/lib/server/hub-proxy";
import { readJsonBody } from "@/lib/server/body-reader";

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
export async function POST(request: Request): Promise<Response> {
  const read = await readJsonBody(request);
  if (!read.ok) return read.response;
  const body = CreateAgentKeyBodySchema.safeParse(read.value);
  if (!body.success) {
    const issue = body.error.issues[0];
    const field = issue?.path.join(".") || "body";
    return jsonError(
      "BAD_REQUEST",
      `Invalid agent key: ${field}: ${issue?.message ?? "send {name, expiresInDays?}"}`,
    );
  }
  return relayHub(request, "/api/agent-keys", { method: "POST", body: body.data });
}
