import type { WebhookPoster, WebhookPostResult } from "../ports";
import { sendGuardedPost } from "../../../platform/outbound-http/guarded-request";

/** A receiver that does not answer within this long counts as a failed try. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * Posts JSON through `sendGuardedPost`: redirects are not followed (a webhook that redirects
 * is misconfigured) and, unless `allowPrivate`, only public addresses are reached, checked
 * when connecting, so a URL accepted at config time cannot later be pointed inward.
 * Error texts never include the URL, which for Slack and Discord is itself a secret.
 */
export function createHttpWebhookPoster(options: { allowPrivate: boolean }): WebhookPoster {
  return {
    async post(url, body): Promise<WebhookPostResult> {
      const response = await sendGuardedPost(new URL(url), {
        headers: { "content-type": "application/json" },
        body: Buffer.from(JSON.stringify(body)),
        allowPrivate: options.allowPrivate,
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      switch (response.kind) {
        case "answered":
          return response.status >= 200 && response.status < 300
            ? { ok: true, httpStatus: response.status }
            : {
                ok: false,
                httpStatus: response.status,
                error: `receiver answered ${response.status}`,
              };
        case "refused":
          return {
            ok: false,
            permanent: true,
            error: "receiver address is not allowed (private network)",
          };
        case "unreachable":
          return { ok: false, error: "receiver unreachable" };
        case "timed-out":
          return { ok: false, error: "receiver did not answer in time" };
      }
    },
  };
}
