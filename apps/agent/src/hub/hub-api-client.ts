import type { Logger } from "@inquiry-hub/logging";
import { MeResponseSchema } from "@inquiry-hub/protocol";
import type { HubClient } from "../runs/ports";

/** How long one hub call may take before it counts as failed. */
const HUB_CALL_TIMEOUT_MS = 5_000;
/** Attempts of a best-effort call, and the pause before the second (doubling after). */
const ATTEMPTS = 3;
const FIRST_PAUSE_MS = 200;

/** The user, the credential's id and its purpose: all the agent needs from `/api/auth/me`. */
const MeCallerSchema = MeResponseSchema.pick({ user: true, purpose: true }).extend({
  device: MeResponseSchema.shape.device.pick({ id: true }),
});

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** The hub's REST API as {@link HubClient}: calls against `hubOrigin` (the origin of its MCP URL). */
export function createHubClient(hubOrigin: string, logger: Logger): HubClient {
  const send = (bearer: string, route: string, method: string, body?: unknown) =>
    fetch(new URL(route, hubOrigin), {
      method,
      headers: {
        authorization: `Bearer ${bearer}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(HUB_CALL_TIMEOUT_MS),
    });

  /** Retries network failures and 5xx; a 4xx will not change on retry and is logged at once. */
  const bestEffort = async (bearer: string, route: string, method: string, body?: unknown) => {
    for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
      try {
        const response = await send(bearer, route, method, body);
        await response.body?.cancel();
        if (response.ok) return;
        if (response.status < 500) {
          logger.warn({ route, method, status: response.status }, "hub refused a run report");
          return;
        }
        logger.warn({ route, method, status: response.status, attempt }, "hub call failed");
      } catch (error) {
        logger.warn({ err: error, route, method, attempt }, "hub call failed");
      }
      if (attempt < ATTEMPTS) await pause(FIRST_PAUSE_MS * 2 ** (attempt - 1));
    }
    logger.error({ route, method }, "hub call given up");
  };

  return {
    async identify(bearer) {
      const response = await send(bearer, "/api/auth/me", "GET");
      if (response.status === 401 || response.status === 403) {
        await response.body?.cancel();
        return undefined;
      }
      if (!response.ok) throw new Error(`GET /api/auth/me answered ${response.status}`);
      const me = MeCallerSchema.parse(await response.json());
      return { userId: me.user.id, credentialId: me.device.id, purpose: me.purpose };
    },
    updateTurn: (bearer, conversationId, turnId, body) =>
      bestEffort(
        bearer,
        `/api/conversations/${encodeURIComponent(conversationId)}/turns/${encodeURIComponent(turnId)}`,
        "PUT",
        body,
      ),
    revokeRunCredential: (bearer) => bestEffort(bearer, "/api/agent-runs/self", "DELETE"),
  };
}
