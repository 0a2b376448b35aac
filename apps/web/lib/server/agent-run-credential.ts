import "server-only";
import { AgentRunCredentialSchema } from "@inquiry-hub/protocol";
import type { AgentRunCredential, MintRunBody } from "@inquiry-hub/protocol";
import { fetchHub } from "./hub-fetch";

/**
 * Mints the agent credential of one chat run with the person's device token. The agent gets
 * only this credential, never the person's: with it the agent can call `/mcp` and the
 * approval proxy and report `turn`, the one conversation turn it answers, but cannot answer
 * its own approvals, write other chats, change settings or open a socket.
 * Undefined when the hub is unreachable or refuses (the caller answers 502 / relays).
 */
export async function mintRunCredential(
  personToken: string,
  turn?: NonNullable<MintRunBody["turn"]>,
): Promise<{ credential: AgentRunCredential } | { refused: Response | undefined }> {
  const body: MintRunBody = turn === undefined ? {} : { turn };
  const response = await fetchHub("/api/agent-runs", {
    method: "POST",
    token: personToken,
    body,
  });
  if (response === undefined || !response.ok) return { refused: response };
  const parsed = AgentRunCredentialSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? { credential: parsed.data } : { refused: undefined };
}

/**
 * Revokes a run's credential once a request-bound run is over (finished, failed or the tab
 * went away), so nothing the agent kept of it works afterwards. A background run's
 * credential is the agent's to revoke when the run ends. Best effort: a failure is logged and the
 * credential still dies at its `expiresAt`.
 */
export async function revokeRunCredential(
  personToken: string,
  credentialId: string,
): Promise<void> {
  const path = `/api/agent-runs/${encodeURIComponent(credentialId)}`;
  const response = await fetchHub(path, { method: "DELETE", token: personToken });
  if (response === undefined || (!response.ok && response.status !== 404))
    console.error(`revoking run credential ${credentialId} failed`, response?.status);
}
