import {
  AgentKeyListResponseSchema,
  AgentKeySchema,
  ApiErrorBodySchema,
  CreatedAgentKeySchema,
} from "@inquiry-hub/protocol";
import type { AgentKey, CreateAgentKeyBody, CreatedAgentKey } from "@inquiry-hub/protocol";
import { z } from "zod";
import type { Translate } from "@/lib/i18n/translate";

/** React Query key of this user's agent keys. */
export const AGENT_KEYS_QUERY_KEY = ["agent-keys"] as const;

/** A request to `/api/agent-keys` failed; `message` is fit to show, `status` to branch on. */
export class AgentKeysRequestError extends Error {
  override readonly name = "AgentKeysRequestError";
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function send(path: string, init: RequestInit, t: Translate): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { cache: "no-store", ...init });
  } catch {
    throw new AgentKeysRequestError(t("common.unreachable"), 0);
  }
  const body = (await response.json().catch(() => undefined)) as unknown;
  if (response.ok) return body;
  const error = ApiErrorBodySchema.safeParse(body);
  throw new AgentKeysRequestError(
    error.success
      ? error.data.error.message
      : t("common.requestFailed", { status: response.status }),
    response.status,
  );
}

/** This user's agent keys, newest first, revoked ones included (GET /api/agent-keys). */
export async function fetchAgentKeys(t: Translate): Promise<AgentKey[]> {
  const body = await send("/api/agent-keys", { method: "GET" }, t);
  return AgentKeyListResponseSchema.parse(body).keys;
}

/** Creates a key (POST /api/agent-keys); the returned secret is never sent again. */
export async function createAgentKey(
  input: CreateAgentKeyBody,
  t: Translate,
): Promise<CreatedAgentKey> {
  const body = await send(
    "/api/agent-keys",
    {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(input),
    },
    t,
  );
  return CreatedAgentKeySchema.parse(body);
}

/** Revokes a key (DELETE /api/agent-keys/:id) and returns it with `revokedAt` set. */
export async function revokeAgentKey(keyId: string, t: Translate): Promise<AgentKey> {
  const body = await send(`/api/agent-keys/${encodeURIComponent(keyId)}`, { method: "DELETE" }, t);
  return z.object({ key: AgentKeySchema }).parse(body).key;
}
