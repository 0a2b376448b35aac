import webPush from "web-push";
import type { PushOutcome, PushSender } from "../../core/push-ports";

/** How long an undelivered message waits at the push service: a question soon goes stale. */
const TTL_SECONDS = 5 * 60;
/** A push service that does not answer within this long counts as a failed delivery. */
const REQUEST_TIMEOUT_MS = 10_000;

/** VAPID identity of this hub (RFC 8292). */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push service may use about this sender. */
  subject: string;
}

/**
 * Sends Web Push with the `web-push` library doing the cryptography (aes128gcm payload
 * encryption, VAPID JWT) and `fetch` doing the request, because the library's own transport
 * only speaks https and tests run a plain-http receiver on loopback. The inquiry id is the
 * `Topic`, so a withdrawal replaces a still-undelivered question at the push service.
 * 404/410 mean the subscription is gone (RFC 8030 §7.3); anything else non-2xx is a failure.
 */
export function createWebPushSender(vapid: VapidIdentity): PushSender {
  return {
    publicKey: vapid.publicKey,

    async send(subscription, message) {
      const topic = (
        message.type === "inquiry:new" ? message.inquiry.id : message.inquiryId
      ).replaceAll("-", "");
      const request = webPush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: subscription.keys },
        JSON.stringify(message),
        {
          vapidDetails: vapid,
          TTL: TTL_SECONDS,
          urgency: "high",
          topic,
          contentEncoding: "aes128gcm",
        },
      );
      let response: Response;
      try {
        response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ?? null,
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
      } catch (error) {
        return { kind: "failed", reason: error instanceof Error ? error.message : String(error) };
      }
      await response.body?.cancel();
      return outcomeOf(response.status);
    },
  };
}

function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return { kind: "delivered" };
  if (status === 404 || status === 410) return { kind: "gone" };
  return { kind: "failed", reason: `push service answered ${status}` };
}
