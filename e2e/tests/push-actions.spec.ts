import { rm, stat } from "node:fs/promises";
import path from "node:path";
import { devices, expect, test } from "@playwright/test";
import type { Browser, BrowserContext, Page, Worker } from "@playwright/test";
import { PushMessageSchema } from "@inquiry-hub/protocol";
import type { PushMessage } from "@inquiry-hub/protocol";
import { createFakeBrowserKeys, startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { PASSWORD, registerThroughUi } from "../support/accounts";
import { callHubApi, sessionToken } from "../support/channels";
import { connectHubMcp } from "../support/hub-mcp";
import { E2E_SANDBOX_DIR } from "../support/sandbox";

const NOTE_NAME = "push-approved.txt";
const NOTE_FILE = path.join(E2E_SANDBOX_DIR, NOTE_NAME);

/** What the service worker shows for `tag`, read inside the worker. */
interface ShownNotification {
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

/** Pairs a phone-sized context named "Pixel 7" through the /devices link. */
async function pairPhone(browser: Browser, desktop: Page): Promise<Page> {
  await desktop.goto("/devices");
  await desktop.getByRole("button", { name: "Pair a phone" }).click();
  const link = await desktop.getByTestId("pairing-link").getAttribute("href");
  expect(link).toMatch(/\/pair\?code=/);
  const phone = await (await browser.newContext({ ...devices["Pixel 7"] })).newPage();
  await phone.goto(link ?? "");
  await phone.getByLabel("Device name").fill("Pixel 7");
  await phone.getByRole("button", { name: "Log in on this device" }).click();
  await expect(phone.getByRole("heading", { name: "Inbox" })).toBeVisible();
  return phone;
}

/**
 * Makes `page`'s device a push-only device: its service worker is active, notifications are
 * allowed, the receiver stands in for its push service, and the page leaves the app (a
 * static page, no socket), so the hub pushes to it. Returns the worker and the decrypter.
 */
async function awayWithPush(page: Page, receiver: LoopbackReceiver, name: string) {
  const context: BrowserContext = page.context();
  await context.grantPermissions(["notifications"]);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  const worker: Worker =
    context.serviceWorkers()[0] ?? (await context.waitForEvent("serviceworker"));
  const token = await sessionToken(context);
  const browserKeys = createFakeBrowserKeys();
  const subscribed = await callHubApi("/api/push/subscriptions", {
    token,
    body: { endpoint: new URL(`/push/${name}`, receiver.url).toString(), keys: browserKeys.keys },
  });
  expect(subscribed.status).toBe(201);
  await page.goto("/offline.html");
  await expect
    .poll(async () => {
      const listed = (await (await callHubApi("/api/devices", { token })).json()) as {
        devices: { current: boolean; online: boolean }[];
      };
      return listed.devices.find((device) => device.current === true)?.online;
    })
    .toBe(false);
  const decrypt = (body: Buffer | undefined): PushMessage =>
    PushMessageSchema.parse(JSON.parse(browserKeys.decrypt(body ?? Buffer.alloc(0))));
  return { worker, decrypt };
}

function shown(worker: Worker, tag: string): Promise<ShownNotification[]> {
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

function showPush(worker: Worker, message: PushMessage): Promise<void> {
  return worker.evaluate(
    (payload) => (self as unknown as WorkerHooks).inquiryHub.handlePushMessage(payload),
    message,
  );
}

/** Drives the worker's `notificationclick` handler with `action` on the question's notification. */
function clickAction(worker: Worker, tag: string, action: string): Promise<void> {
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

test.beforeEach(async () => {
  await rm(NOTE_FILE, { force: true });
});

test("a push notification's Approve runs the call once, updates the other devices and says so", async ({
  browser,
}) => {
  const receiver = await startLoopbackReceiver();
  try {
    const desktop = await (await browser.newContext()).newPage();
    const username = await registerThroughUi(desktop);
    const phone = await pairPhone(browser, desktop);
    const { worker, decrypt } = await awayWithPush(phone, receiver, "pixel");
    await desktop.goto("/inbox");

    const login = await callHubApi("/api/auth/login", {
      body: { username, password: PASSWORD, deviceName: "Agent laptop" },
    });
    const { token } = (await login.json()) as { token: string };
    const agent = await connectHubMcp(token, "/proxy/demo/mcp");
    const call = agent.callTool(
      { name: "write_file", arguments: { path: NOTE_NAME, content: "hello" } },
      undefined,
      { timeout: 120_000 },
    );

    const [pushed] = await receiver.waitForCount(1, 15_000);
    const message = decrypt(pushed?.body);
    if (message.type !== "inquiry:new") throw new Error(`unexpected push ${message.type}`);
    expect(message.actions).toEqual([{ type: "approve" }, { type: "reject" }]);
    expect(message.deviceName).toBe("Pixel 7");
    expect(JSON.stringify(message)).not.toContain(token);
    const inquiryId = message.inquiry.id;

    await showPush(worker, message);
    expect(await shown(worker, inquiryId)).toEqual([
      { title: "Approval needed", kind: "question", actions: ["Approve", "Reject"] },
    ]);
    await expect(desktop.getByTestId("approval-card")).toBeVisible();

    await clickAction(worker, inquiryId, "approve");

    const result = await call;
    expect(result.isError).not.toBe(true);
    await expect
      .poll(() =>
        stat(NOTE_FILE).then(
          (file) => file.mtimeMs,
          () => 0,
        ),
      )
      .toBeGreaterThan(0);
    const writtenAt = (await stat(NOTE_FILE)).mtimeMs;
    await expect(desktop.getByTestId("approval-card")).toHaveCount(0);
    expect(await shown(worker, inquiryId)).toEqual([
      { title: "Approved on Pixel 7", kind: "outcome", actions: [] },
    ]);

    // The question shown again (a second device's stale notification, a double tap): the
    // hub's compare-and-set refuses the second decision, and the tool does not run again.
    await showPush(worker, message);
    await clickAction(worker, inquiryId, "approve");
    expect(await shown(worker, inquiryId)).toEqual([
      { title: "Already answered on Pixel 7", kind: "outcome", actions: [] },
    ]);
    expect((await stat(NOTE_FILE)).mtimeMs).toBe(writtenAt);
    await agent.close();
  } finally {
    await receiver.close();
  }
});

test("a decision the approval's policy forbids is not offered on the notification", async ({
  page,
}) => {
  const receiver = await startLoopbackReceiver();
  try {
    const username = await registerThroughUi(page);
    const { worker, decrypt } = await awayWithPush(page, receiver, "forbidden");
    const login = await callHubApi("/api/auth/login", {
      body: { username, password: PASSWORD, deviceName: "Framework host" },
    });
    const { token } = (await login.json()) as { token: string };
    const framework = await connectHubMcp(token);
    const call = framework
      .callTool(
        {
          name: "request_approval",
          arguments: {
            source: "e2e-framework",
            tool: "send_email",
            arguments: { to: "team@example.com" },
            allowed_decisions: ["edit", "reject"],
          },
        },
        undefined,
        { timeout: 120_000 },
      )
      .catch(() => undefined);

    const [pushed] = await receiver.waitForCount(1, 15_000);
    const message = decrypt(pushed?.body);
    if (message.type !== "inquiry:new") throw new Error(`unexpected push ${message.type}`);
    expect(message.actions).toEqual([{ type: "reject" }]);

    await showPush(worker, message);
    expect(await shown(worker, message.inquiry.id)).toEqual([
      { title: "Approval needed", kind: "question", actions: ["Reject"] },
    ]);
    await framework.close();
    await call;
  } finally {
    await receiver.close();
  }
});
