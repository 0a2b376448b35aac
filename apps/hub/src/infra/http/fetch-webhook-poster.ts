import type { WebhookPoster } from "../../core/webhook-ports";

/** A receiver that does not answer within this long counts as a failed try. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Posts JSON with `fetch`. Redirects are not followed (a webhook that redirects is
 * misconfigured, and following would let a receiver bounce the hub elsewhere). Error texts
 * never include the URL, which for Slack and Discord is itself a secret.
 */
export function createFetchWebhookPoster(): WebhookPoster {
  return {
    async post(url, body) {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
          redirect: "manual",
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        await response.body?.cancel();
        return response.ok
          ? { ok: true, httpStatus: response.status }
          : {
              ok: false,
              httpStatus: response.status,
              error: `receiver answered ${response.status}`,
            };
      } catch (error) {
        const timedOut = error instanceof DOMException && error.name === "TimeoutError";
        return {
          ok: false,
          error: timedOut ? "receiver did not answer in time" : "receiver unreachable",
        };
      }
    },
  };
}
