import { ApiErrorBodySchema, PushKeyResponseSchema } from "@inquiry-hub/protocol";
import type { Translate } from "@/lib/i18n/translate";

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

async function messageOf(response: Response, t: Translate): Promise<string> {
  const body = ApiErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  return body.success
    ? body.data.error.message
    : t("common.requestFailed", { status: response.status });
}

/** This browser's current push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.ready;
  return registration.pushManager.getSubscription();
}

/**
 * Subscribes this browser with the hub's VAPID key and registers the subscription for this
 * device. Call from a click: it may ask for notification permission.
 */
export async function enablePush(t: Translate): Promise<void> {
  if ((await Notification.requestPermission()) !== "granted")
    throw new Error(t("inbox.notificationsBlocked"));
  const keyResponse = await fetch("/api/push/key", { cache: "no-store" });
  if (!keyResponse.ok) throw new Error(await messageOf(keyResponse, t));
  const { publicKey } = PushKeyResponseSchema.parse(await keyResponse.json());
  const registration = await navigator.serviceWorker.ready;
  const saved = await subscribeAndSave(registration, publicKey);
  if (saved.status !== 409) {
    if (!saved.ok) throw new Error(await messageOf(saved, t));
    return;
  }
  // The hub keeps an endpoint with the account that registered it (409 for anyone else), so a
  // browser another account used before drops that endpoint and registers a fresh one.
  await (await registration.pushManager.getSubscription())?.unsubscribe();
  const again = await subscribeAndSave(registration, publicKey);
  if (!again.ok) throw new Error(await messageOf(again, t));
}

async function subscribeAndSave(
  registration: ServiceWorkerRegistration,
  publicKey: string,
): Promise<Response> {
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  return fetch("/api/push/subscriptions", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(subscription.toJSON()),
  });
}

/** Unsubscribes this browser and tells the hub to forget it. */
export async function disablePush(subscription: PushSubscription, t: Translate): Promise<void> {
  const { endpoint } = subscription;
  await subscription.unsubscribe();
  const removed = await fetch("/api/push/subscriptions", {
    method: "DELETE",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ endpoint }),
  });
  if (!removed.ok && removed.status !== 404) throw new Error(await messageOf(removed, t));
}
