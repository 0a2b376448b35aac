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
 * Subscriptions by endpoint and by device. `put` replaces an existing subscription with the
 * same endpoint (a browser re-subscribing, possibly after logging in as another device).
 */
export interface PushSubscriptionStore {
  put(subscription: StoredPushSubscription): Promise<void>;
  /** Forgets the endpoint if `deviceId` owns it; true when something was removed. */
  remove(deviceId: string, endpoint: string): Promise<boolean>;
  /** Forgets the endpoint whoever owns it (the push service said it is gone). */
  removeEndpoint(endpoint: string): Promise<void>;
  listByDevices(deviceIds: readonly string[]): Promise<StoredPushSubscription[]>;
}

/** How one push went: `gone` means the push service no longer knows the subscription. */
export type PushOutcome =
  { kind: "delivered" } | { kind: "gone" } | { kind: "failed"; reason: string };

/** Encrypts and sends one Web Push message (RFC 8291 aes128gcm, VAPID-signed). */
export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url, uncompressed P-256 point). */
  readonly publicKey: string;
  send(subscription: StoredPushSubscription, message: PushMessage): Promise<PushOutcome>;
}
