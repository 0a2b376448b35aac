import { createHash } from "node:crypto";
import type { PushMessage } from "@inquiry-hub/protocol";
import webPush from "web-push";
import type { PushOutcome, PushSender } from "../ports";
import { sendGuardedPost } from "../../../platform/outbound-http/guarded-request";

/** How long an undelivered message waits at the push service: a question soon goes stale. */
const TTL_SECONDS = 5 * 60;
/** A push service that does not answer within this long counts as a failed delivery. */
const REQUEST_TIMEOUT_MS = 10_000;

/**
 * The message's `Topic` (at most 32 base64url characters, RFC 8030 §5.4): the inquiry id, or
 * for a grouped notification a digest of its credential, so a newer group replaces an older one;
 * the daily digest's day.
 */
function topicOf(message: PushMessage): string {
  switch (message.type) {
    case "inquiry:withdrawn":
      return message.inquiryId.replaceAll("-", "");
    case "inquiries:grouped":
      return createHash("sha256").update(message.credentialId).digest("base64url").slice(0, 32);
    case "digest:daily":
      return `digest${message.day.replaceAll("-", "")}`;
    case "inquiry:new":
    case "inquiry:expiring":
      return message.inquiry.id.replaceAll("-", "");
  }
}

/** VAPID identity of this hub (RFC 8292). */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  /** `mailto:` or `https:` contact the push service may use about this sender. */
  subject: string;
}

/**
 * Sends Web Push with the `web-push` library doing the cryptography (aes128gcm payload
 * encryption, VAPID JWT) and `sendGuardedPost` doing the request: an endpoint is user input,
 * so unless `allowPrivate` (a local test push service) it must be https and reach a public
 * address, checked on the connection itself, and redirects are never followed. The inquiry
 * id is the `Topic`, so a withdrawal (or an expiry warning) replaces a still-undelivered
 * question at the push service. 404/410 mean the subscription is gone (RFC 8030 §7.3); other non-2xx is a failure.
 */
export function createWebPushSender(
  vapid: VapidIdentity,
  options: { allowPrivate: boolean },
): PushSender {
  return {
    publicKey: vapid.publicKey,

    async send(subscription, message) {
      const target = new URL(subscription.endpoint);
      if (!options.allowPrivate && target.protocol !== "https:") return { kind: "refused" };
      const topic = topicOf(message);
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
      const response = await sendGuardedPost(target, {
        headers: request.headers,
        body: request.body ?? Buffer.alloc(0),
        allowPrivate: options.allowPrivate,
        timeoutMs: REQUEST_TIMEOUT_MS,
      });
      switch (response.kind) {
        case "answered":
          return outcomeOf(response.status);
        case "refused":
          return { kind: "refused" };
        case "unreachable":
          return { kind: "failed", reason: "push service unreachable" };
        case "timed-out":
          return { kind: "failed", reason: "push service did not answer in time" };
      }
    },
  };
}

function outcomeOf(status: number): PushOutcome {
  if (status >= 200 && status < 300) return { kind: "delivered" };
  if (status === 404 || status === 410) return { kind: "gone" };
  return { kind: "failed", reason: `push service answered ${status}` };
}
