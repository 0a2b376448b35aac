import type { Inquiry, PushMessage, WebhookConfig } from "@inquiry-hub/protocol";
import { InquirySchema } from "@inquiry-hub/protocol";

/** A browser's push subscription, tied to the device that registered it. */
export interface StoredPushSubscription {
  /** The push service URL; unique, so it is also the subscription's key. */
  endpoint: string;
  keys: { p256dh: string; auth: string };
  deviceId: string;
  userId: string;
  createdAt: string;
}

/**
 * Subscriptions by endpoint and by device. A subscription belongs to the user who made it:
 * `put` replaces an existing subscription with the same endpoint only when that user owns it
 * (a browser re-subscribing, possibly after logging in as another device of the same user),
 * and answers `taken` without changing anything when another user does, so nobody can move
 * someone else's notifications to their own device.
 */
export interface PushSubscriptionStore {
  put(subscription: StoredPushSubscription): Promise<"saved" | "taken">;
  /** Forgets the endpoint if `deviceId` owns it; true when something was removed. */
  remove(deviceId: string, endpoint: string): Promise<boolean>;
  /** Forgets the endpoint whoever owns it (the push service said it is gone). */
  removeEndpoint(endpoint: string): Promise<void>;
  listByDevices(deviceIds: readonly string[]): Promise<StoredPushSubscription[]>;
}

/**
 * How one push went: `gone` means the push service no longer knows the subscription,
 * `refused` that the endpoint is not allowed (not https, or not a public address), so
 * nothing was sent and no later try can succeed.
 */
export type PushOutcome =
  | { kind: "delivered" }
  | { kind: "gone" }
  | { kind: "refused" }
  | { kind: "failed"; reason: string };

/** Encrypts and sends one Web Push message (RFC 8291 aes128gcm, VAPID-signed). */
export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url, uncompressed P-256 point). */
  readonly publicKey: string;
  send(subscription: StoredPushSubscription, message: PushMessage): Promise<PushOutcome>;
}

/** One webhook configuration per user. */
export interface WebhookConfigStore {
  get(userId: string): Promise<WebhookConfig | undefined>;
  put(userId: string, config: WebhookConfig): Promise<void>;
  /** True when there was a configuration to remove. */
  remove(userId: string): Promise<boolean>;
}

/**
 * How one POST to a webhook went; `httpStatus` is absent when nothing answered, and
 * `permanent` marks failures no retry can fix (the URL's address is not allowed).
 */
export type WebhookPostResult =
  | { ok: true; httpStatus: number }
  | { ok: false; httpStatus?: number; error: string; permanent?: boolean };

/** Sends one JSON message to an incoming-webhook URL (one try; retries are the caller's). */
export interface WebhookPoster {
  post(url: string, body: unknown): Promise<WebhookPostResult>;
}

/** The single-use record behind a link's nonce: which inquiry of whom it may decide. */
export interface LinkNonce {
  inquiryId: string;
  userId: string;
}

/** The pseudo-device a decision made through a webhook link is recorded as. */
export const WEBHOOK_DEVICE_ID = "webhook";
/** How history and "answered on …" messages name that pseudo-device. */
export const WEBHOOK_DEVICE_NAME = "Webhook link";

/**
 * The outside channels whose messages must go out once per inquiry, not once per node.
 * `expiry-push` claims one expiry warning rather than one inquiry: its id is
 * `<inquiryId>@<expiresAt>`, so each deadline an Extend sets is warned about once. `digest`
 * claims one person's daily digest post: its id is `<userId>@<their local date>`, so it goes
 * out once a day however many nodes tick (only `claimAnnouncement` is used).
 */
export type ClaimedChannel = "push" | "webhook" | "expiry-push" | "digest";

/**
 * How long a claim outlives its creation: longer than any inquiry can stay pending (at most
 * one day of timeout plus at most one day of grace), so the follow-up still finds it.
 */
export const DELIVERY_CLAIM_TTL_MS = 2 * 24 * 60 * 60 * 1000 + 60 * 60 * 1000;

/**
 * Once-only announcements and follow-ups of one inquiry on one channel. Every hub node hears
 * every inquiry event, so every node's notifier asks here before sending; the answers make
 * exactly one node announce and exactly one node follow up, and carry what the follow-up
 * needs (which devices were pushed, which webhook was posted to) between them.
 *
 * One claim goes through: claimed → announced (with follow-up data, or nothing to follow up)
 * → done. A resolution that arrives while the announcement is still under way is parked in
 * the claim and handed to the announcer, which then follows up itself, so a slow webhook
 * with retries never loses its "Resolved" message and never gets it before the question.
 */
export interface DeliveryClaims {
  /**
   * True for exactly one caller per channel and inquiry, across nodes. Also false when the
   * inquiry was already resolved, so a late node never announces a finished question
   * (a resolution heard first leaves a tombstone that refuses the claim).
   */
  claimAnnouncement(channel: ClaimedChannel, inquiryId: string): Promise<boolean>;
  /**
   * A first step the person's plan delays: records, before anyone claims it, that it is due at
   * `dueAtMs`, so every node waits for the same moment and a node started meanwhile finds it
   * (`armedAnnouncement`). The first caller's time holds and only that caller gets `first`
   * (it writes the step's receipts). Undefined once the step was claimed or the question
   * resolved. `claimAnnouncement` then takes the waiting step as it takes a new one.
   */
  armAnnouncement(
    channel: ClaimedChannel,
    inquiryId: string,
    dueAtMs: number,
  ): Promise<{ dueAtMs: number; first: boolean } | undefined>;
  /** When an armed step is due, while it waits unclaimed and unresolved; undefined otherwise. */
  armedAnnouncement(channel: ClaimedChannel, inquiryId: string): Promise<number | undefined>;
  /**
   * The announcer's report: `followUp` is what the follow-up will need (undefined when
   * nothing was announced). Returns the resolution parked meanwhile, if any: the announcer
   * must then send the follow-up itself.
   */
  recordAnnouncement(
    channel: ClaimedChannel,
    inquiryId: string,
    followUp: string | undefined,
  ): Promise<string | undefined>;
  /**
   * On `inquiry.resolved`: returns the announcer's follow-up data to exactly one caller, who
   * sends the follow-up. While the announcement is under way it parks `resolution` for the
   * announcer instead and returns undefined.
   */
  claimFollowUp(
    channel: ClaimedChannel,
    inquiryId: string,
    resolution: string,
  ): Promise<string | undefined>;
}

/** A resolved inquiry as parked in a claim (see `claimFollowUp`). */
export function encodeResolution(inquiry: Inquiry): string {
  return JSON.stringify(inquiry);
}

/** The parked resolution back, validated: it crossed Redis, maybe from another version. */
export function decodeResolution(parked: string): Inquiry {
  return InquirySchema.parse(JSON.parse(parked));
}
