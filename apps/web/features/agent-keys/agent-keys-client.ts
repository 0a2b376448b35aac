import {
  AgentKeyListResponseSchema,
  AgentKeySchema,
  CreatedAgentKeySchema,
} from "@inquiry-hub/protocol";
import type { AgentKey, CreateAgentKeyBody, CreatedAgentKey } from "@inquiry-hub/protocol";
import { z } from "zod";
import { requestJson } from "@/lib/client/api-client";

/** This user's agent keys, newest first, revoked ones included (GET /api/agent-keys). */
export async function fetchAgentKeys(): Promise<AgentKey[]> {
  return (await requestJson("/api/agent-keys", AgentKeyListResponseSchema)).keys;
}

/** Creates a key (POST /api/agent-keys); the returned secret is never sent again. */
export function createAgentKey(input: CreateAgentKeyBody): Promise<CreatedAgentKey> {
  return requestJson("/api/agent-keys", CreatedAgentKeySchema, { method: "POST", body: input });
}

/** Revokes a key (DELETE /api/agent-keys/:id) and returns it with `revokedAt` set. */
export async function revokeAgentKey(keyId: string): Promise<AgentKey> {
  const revoked = await requestJson(
    `/api/agent-keys/${encodeURIComponent(keyId)}`,
    z.object({ key: AgentKeySchema }),
    { method: "DELETE" },
  );
  return revoked.key;
}
