import "server-only";
import { AgentRunCredentialSchema } from "@inquiry-hub/protocol";
import type { AgentRunCredential } from "@inquiry-hub/protocol";
import { fetchHub } from "./hub-fetch";

/**
 * Mints the agent credential of one chat run with the person's device token. The agent gets
 * only this credential, never the person's: with it the agent can call `/mcp` and the
 * approval proxy but cannot answer its own approvals, change settings or open a socket.
 * Undefined when the hub is unreachable or refuses (the caller answers 502 / relays).
 */
export async function mintRunCredential(
  personToken: string,
): Promise<{ credential: AgentRunCredential } | { refused: Response | undefined }> {
  const response = await fetchHub("/api/agent-runs", { method: "POST", token: personToken });
  if (response === undefined || !response.ok) return { refused: response };
  const parsed = AgentRunCredentialSchema.safeParse(await response.json().catch(() => undefined));
  return parsed.success ? { credential: parsed.data } : { refused: undefined };
}

/**
 * Revokes a run's credential once the run is over (finished, failed or the tab went away),
 * so nothing the agent kept of it works afterwards. Best effort: a failure is logged and the
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

/**
 * `body` passed through unchanged, calling `onEnd` exactly once when the stream completes,
 * errors or is cancelled by the reader (the browser closed the tab).
 */
export function onStreamEnd(
  body: ReadableStream<Uint8Array>,
  onEnd: () => void,
): ReadableStream<Uint8Array> {
  let ended = false;
  const end = (): void => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  const reader = body.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          end();
        } else controller.enqueue(value);
      } catch (error) {
        controller.error(error);
        end();
      }
    },
    async cancel(reason) {
      end();
      await reader.cancel(reason);
    },
  });
}
