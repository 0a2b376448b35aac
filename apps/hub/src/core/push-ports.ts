import type { PushMessage } from "@inquiry-hub/protocol";

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
