import {
  AgentKeyListResponseSchema,
  AgentKeySchema,
  CreatedAgentKeySchema,
} from "@inquiry-hub/protocol";
import type { AgentKey, CreateAgentKeyBody, CreatedAgentKey } from "@inquiry-hub/protocol";
import { z } from "zod";
import { requestAppApi } from "@/lib/app-api-client";
import type { Translate } from "@/lib/i18n/translate";

/** React Query key of this user's agent keys. */
export const AGENT_KEYS_QUERY_KEY = ["agent-keys"] as const;

/** This user's agent keys, newest first, revoked ones included (GET /api/agent-keys). */
export async function fetchAgentKeys(t: Translate): Promise<AgentKey[]> {
  const body = await requestAppApi("/api/agent-keys", { method: "GET" }, t);
  return AgentKeyListResponseSchema.parse(body).keys;
}

/** Creates a key (POST /api/agent-keys); the returned secret is never sent again. */
export async function createAgentKey(
  input: CreateAgentKeyBody,
  t: Translate,
): Promise<CreatedAgentKey> {
  const body = await requestAppApi(
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
  const body = await requestAppApi(
    `/api/agent-keys/${encodeURIComponent(keyId)}`,
    { method: "DELETE" },
    t,
  );
  return z.object({ key: AgentKeySchema }).parse(body).key;
}
