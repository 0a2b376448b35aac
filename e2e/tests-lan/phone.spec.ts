import { WITHDRAW_REASON } from "@inquiry-hub/protocol";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { devices, expect, test } from "@playwright/test";
import type { Page } from "@playwright/test";
import { createFakeBrowserKeys, startLoopbackReceiver } from "@inquiry-hub/test-kit";
import { registerThroughUi } from "../support/accounts";
import { sessionToken } from "../support/channels";
import { LAN_HUB_URL, LAN_PUBLIC_URL } from "../support/lan-ports";
import { startLanProduct } from "../support/lan-product";
import type { LanProduct } from "../support/lan-product";
import { answerCard } from "../support/inquiry-card";

/** One LAN-mode product for the file: its tests stay in one worker, in order. */
test.describe.configure({ mode: "default" });

let product: LanProduct | undefined;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  product = await startLanProduct();
});

test.afterAll(async () => {
  await product?.stop();
});

/** The user's agent: the official MCP client on the hub's own address, as agents reach it. */
async function connectAgent(token: string): Promise<Client> {
  const client = new Client({ name: "e2e-lan-agent", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL("/mcp", LAN_HUB_URL), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
    }),
  );
  return client;
}

/** Asks `prompt` through send_inquiry without waiting for the answer; `abort` withdraws it. */
function ask(client: Client, prompt: string, abort?: AbortController) {
  return client.callTool({ name: "send_inquiry", arguments: { prompt } }, undefined, {
    timeout: 120_000,
    resetTimeoutOnProgress: true,
    ...(abort === undefined ? {} : { signal: abort.signal }),
  });
}

/** Registers a fake push subscription from the phone's own page, as its app would after subscribing. */
async function subscribeToPush(phone: Page, endpoint: string, keys: object): Promise<number> {
  return phone.evaluate(
    async (subscription) =>
      (
        await fetch("/api/push/subscriptions", {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(subscription),
        })
      ).status,
    { endpoint, keys },
  );
}

test("a phone pairs over the LAN front door, answers live, and gets the next question by push", async ({
  browser,
}) => {
  const desktopContext = await browser.newContext();
  const desktop = await desktopContext.newPage();
  await registerThroughUi(desktop);

  await desktop.goto("/devices");
  await desktop.getByRole("button", { name: "Pair a phone" }).click();
  await expect(desktop.getByAltText("Pairing QR code")).toBeVisible();
  const pairingLink = desktop.getByTestId("pairing-link");
  await expect(pairingLink).toHaveText(new RegExp(`^${LAN_PUBLIC_URL}/pair\\?code=`));
  const link = await pairingLink.getAttribute("href");
  expect(link).toMatch(new RegExp(`^${LAN_PUBLIC_URL}/pair\\?code=`));

  // The certificate comes from this hub's one-host authority: trusting it is what the person
  // does once on the phone.
  const phoneContext = await browser.newContext({ ...devices["Pixel 7"], ignoreHTTPSErrors: true });
  const phone = await phoneContext.newPage();
  await phone.goto(link ?? "");
  await phone.getByLabel("Device name").fill("Pixel 7");
  await phone.getByRole("button", { name: "Log in on this device" }).click();
  await expect(phone).toHaveURL(`${LAN_PUBLIC_URL}/inbox`);
  await expect(phone.getByRole("heading", { name: "Inbox" })).toBeVisible();

  // HTTPS makes it a secure context: the service worker (install, push) runs.
  const worker = await phone.evaluate(async () => ({
    secure: window.isSecureContext,
    script: (await navigator.serviceWorker.ready).active?.scriptURL,
  }));
  expect(worker).toEqual({ secure: true, script: `${LAN_PUBLIC_URL}/sw.js` });

  const receiver = await startLoopbackReceiver();
  try {
    const browserKeys = createFakeBrowserKeys();
    const endpoint = new URL("/push/pixel", receiver.url).toString();
    expect(await subscribeToPush(phone, endpoint, browserKeys.keys)).toBe(201);

    // The phone's socket runs through the front door: the desktop sees it online.
    await desktop.goto("/devices");
    await expect(desktop.getByTestId("device-row").filter({ hasText: "Pixel 7" })).toContainText(
      "Online",
    );
    await desktop.goto("/inbox");

    const agent = await connectAgent(await sessionToken(desktopContext));
    try {
      const answered = ask(agent, "Which city should I book?");
      const phoneCard = phone.getByTestId("inquiry-card");
      const desktopCard = desktop.getByTestId("inquiry-card");
      await expect(phoneCard).toContainText("Which city should I book?");
      await expect(desktopCard).toContainText("Which city should I book?");

      await answerCard(phoneCard, "Hangzhou");
      await expect(desktopCard).toHaveCount(0, { timeout: 2_000 });
      await expect(desktop.getByTestId("inquiry-withdrawn-note")).toContainText(
        "Answered on Pixel 7",
      );
      const { content } = await answered;
      expect(JSON.stringify(content)).toContain("Hangzhou");
      expect(receiver.received).toEqual([]);

      // With its page closed the phone has no socket, so the next question goes by Web Push.
      await phoneContext.close();
      await desktop.goto("/devices");
      await expect(desktop.getByTestId("device-row").filter({ hasText: "Pixel 7" })).toContainText(
        "Offline",
      );
      const withdraw = new AbortController();
      const pending = ask(agent, "Which hotel?", withdraw).catch(() => undefined);
      const [pushed] = await receiver.waitForCount(1, 15_000);
      expect(pushed?.path).toBe("/push/pixel");
      const message = JSON.parse(browserKeys.decrypt(pushed?.body ?? Buffer.alloc(0))) as {
        type: string;
        inquiry: { question: string };
      };
      expect(message).toMatchObject({ type: "inquiry:new", inquiry: { question: "Which hotel?" } });
      withdraw.abort(WITHDRAW_REASON);
      await pending;
    } finally {
      await agent.close();
    }
  } finally {
    await receiver.close();
  }
});
