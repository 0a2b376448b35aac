import { expect } from "@playwright/test";
import type { BrowserContext, Page, Worker } from "@playwright/test";
import { PushMessageSchema } from "@inquiry-hub/protocol";
import type { PushMessage } from "@inquiry-hub/protocol";
import { createFakeBrowserKeys } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { callHubApi, sessionToken } from "./channels";
import { HUB_URL } from "./ports";

/** What the service worker shows for `tag`, read inside the worker. */
export interface ShownNotification {
  title: string;
  kind: unknown;
  actions: string[];
}

/** The worker's hooks (`self.inquiryHub` in public/sw.js), as the tests call them. */
interface WorkerHooks {
  inquiryHub: {
    handlePushMessage(message: unknown): Promise<void>;
    handleNotificationClick(notification: Notification, action: string): Promise<void>;
  };
  registration: ServiceWorkerRegistration;
}

/** A push-only device: its service worker and what decrypts the pushes sent to it. */
export interface AwayDevice {
  worker: Worker;
  decrypt: (body: Buffer | undefined) => PushMessage;
}

/**
 * Makes `page`'s device a push-only device: its service worker is active, notifications are
 * allowed, the receiver stands in for its push service (at `/push/<name>`), and the page leaves
 * the app (a static page, no socket), so the hub at `hubUrl` pushes to it.
 */
export async function awayWithPush(
  page: Page,
  receiver: LoopbackReceiver,
  name: string,
  hubUrl = HUB_URL,
): Promise<AwayDevice> {
  const context: BrowserContext = page.context();
  await context.grantPermissions(["notifications"]);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const worker: Worker =
    context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  const token = await sessionToken(context);
  const browserKeys = createFakeBrowserKeys();
  const subscribed = await callHubApi("/api/push/subscriptions", {
    token,
    hubUrl,
    body: { endpoint: new URL(`/push/${name}`, receiver.url).toString(), keys: browserKeys.keys },
  });
  expect(subscribed.status).toBe(201);
  await page.goto("/offline.html");
  await expect
    .poll(async () => {
      const listed = (await (await callHubApi("/api/devices", { token, hubUrl })).json()) as {
        devices: { current: boolean; online: boolean }[];
      };
      return listed.devices.find((device) => device.current === true)?.online;
    })
    .toBe(false);
  const decrypt = (body: Buffer | undefined): PushMessage =>
    PushMessageSchema.parse(JSON.parse(browserKeys.decrypt(body ?? Buffer.alloc(0))));
  return { worker, decrypt };
}

/** The notifications the worker shows for `tag` (an inquiry id). */
export function shown(worker: Worker, tag: string): Promise<ShownNotification[]> {
  return worker.evaluate(async (inquiryId) => {
    const hub = self as unknown as WorkerHooks;
    const notifications = await hub.registration.getNotifications({ tag: inquiryId });
    return notifications.map((each) => ({
      title: each.title,
      kind: (each.data as { kind?: unknown } | null)?.kind,
      actions: (each as Notification & { actions: { title: string }[] }).actions.map(
        (action) => action.title,
      ),
    }));
  }, tag);
}

/** Hands `message` to the worker's `push` handler, as the push service would deliver it. */
export function showPush(worker: Worker, message: PushMessage): Promise<void> {
  return worker.evaluate(
    (payload) => (self as unknown as WorkerHooks).inquiryHub.handlePushMessage(payload),
    message,
  );
}

/** Drives the worker's `notificationclick` handler with `action` on the question's notification. */
export function clickAction(worker: Worker, tag: string, action: string): Promise<void> {
  return worker.evaluate(
    async ({ inquiryId, name }) => {
      const hub = self as unknown as WorkerHooks;
      const [notification] = await hub.registration.getNotifications({ tag: inquiryId });
      if (notification === undefined) throw new Error("no notification to click");
      await hub.inquiryHub.handleNotificationClick(notification, name);
    },
    { inquiryId: tag, name: action },
  );
}
