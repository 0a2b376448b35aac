import { PushKeyResponseSchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import { NoContentSchema, requestJson } from "@/lib/client/api-client";
import { ApiClientError } from "@/lib/client/api-client-error";

/** Whether this browser can receive Web Push at all. */
export function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** A base64url VAPID key as PushManager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replaceAll("-", "+").replaceAll("_", "/");
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, "="));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** This browser's current push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/** The hub's answer to a registration: the endpoint and the device it now belongs to. */
const SavedSubscriptionSchema = z.object({ endpoint: z.string(), deviceId: z.string() });

/**
 * Subscribes this browser with the hub's VAPID key and registers the subscription for this
 * device. Call from a click: it may ask for notification permission. Resolves to "blocked"
 * when the browser refuses notifications; request failures throw ApiClientError.
 */
export async function enablePush(): Promise<"enabled" | "blocked"> {
  if ((await Notification.requestPermission()) !== "granted") return "blocked";
  const { publicKey } = await requestJson("/api/push/key", PushKeyResponseSchema);
  const registration = await navigator.serviceWorker.ready;
  try {
    await subscribeAndSave(registration, publicKey);
  } catch (error) {
    if (!(error instanceof ApiClientError && error.status === 409)) throw error;
    // The hub keeps an endpoint with the account that registered it (409 for anyone else), so
    // a browser another account used before drops that endpoint and registers a fresh one.
    await (await registration.pushManager.getSubscription())?.unsubscribe();
    await subscribeAndSave(registration, publicKey);
  }
  return "enabled";
}

async function subscribeAndSave(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<void> {
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  await requestJson("/api/push/subscriptions", SavedSubscriptionSchema, {
    method: "POST",
    body: subscription.toJSON(),
  });
}

/** Unsubscribes this browser and tells the hub to forget it (already forgotten is fine). */
export async function disablePush(subscription: PushSubscription): Promise<void> {
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  try {
    await requestJson("/api/push/subscriptions", NoContentSchema, {
      method: "DELETE",
      body: { endpoint },
    });
  } catch (error) {
    if (!(error instanceof ApiClientError && error.status === 404)) throw error;
  }
}
