import { expect, test } from "@playwright/test";
import { createFakeBrowserKeys, startLoopbackReceiver } from "@inquiry-hub/test-kit";
import { PASSWORD, registerThroughUi, sendChatMessage } from "../support/accounts";
import { callHubApi } from "../support/channels";
import { answerCard } from "../support/inquiry-card";

const PNG_SIGNATURE = "89504e470d0a1a0a";

test("the manifest is valid and its icons load", async ({ request }) => {
  const response = await request.get("/manifest.webmanifest");
  expect(response.ok()).toBe(true);
  const manifest = (await response.json()) as {
    name: string;
    short_name: string;
    start_url: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; type: string; purpose: string }[];
  };
  expect(manifest).toMatchObject({
    name: "Inquiry Hub",
    start_url: "/inbox",
    display: "standalone",
  });
  expect(manifest.short_name.length).toBeGreaterThan(0);
  expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
  const sizes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(sizes).toEqual(
    expect.arrayContaining(["192x192 any", "512x512 any", "192x192 maskable", "512x512 maskable"]),
  );
  for (const icon of manifest.icons) {
    const image = await request.get(icon.src);
    expect(image.ok(), icon.src).toBe(true);
    expect(image.headers()["content-type"]).toBe("image/png");
    const bytes = await image.body();
    expect(bytes.subarray(0, 8).toString("hex")).toBe(PNG_SIGNATURE);
    const [width] = icon.sizes.split("x").map(Number);
    expect(bytes.readUInt32BE(16)).toBe(width);
  }
});

test("the service worker registers on signed-in pages and serves the offline page", async ({
  page,
}) => {
  await registerThroughUi(page);
  const scriptUrl = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return registration.active?.scriptURL;
  });
  expect(scriptUrl).toMatch(/\/sw\.js$/);
  const cached = await page.evaluate(async () => {
    const response = await caches.match("/offline.html");
    return response?.ok === true;
  });
  expect(cached).toBe(true);
});

test("a device without an open tab gets the question by Web Push, and then its withdrawal", async ({
  page,
}) => {
  const receiver = await startLoopbackReceiver();
  try {
    const username = await registerThroughUi(page);
    const login = await callHubApi("/api/auth/login", {
      body: { username, password: PASSWORD, deviceName: "Pocket phone" },
    });
    const { token } = (await login.json()) as { token: string };
    const browserKeys = createFakeBrowserKeys();
    const endpoint = new URL("/push/pocket", receiver.url).toString();
    const subscribed = await callHubApi("/api/push/subscriptions", {
      token,
      body: { endpoint, keys: browserKeys.keys },
    });
    expect(subscribed.status).toBe(201);
    const { publicKey } = (await (await callHubApi("/api/push/key")).json()) as {
      publicKey: string;
    };

    await page.goto("/chat");
    await sendChatMessage(page, "What's the weather tomorrow?");
    const card = page.getByTestId("inquiry-card");
    await expect(card).toContainText("Which city");

    const [created] = await receiver.waitForCount(1, 15_000);
    expect(created?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(created?.headers["content-encoding"]).toBe("aes128gcm");
    const opened = JSON.parse(browserKeys.decrypt(created?.body ?? Buffer.alloc(0))) as {
      type: string;
      inquiry: { id: string; question: string };
    };
    expect(opened.type).toBe("inquiry:new");
    expect(opened.inquiry.question).toContain("Which city");

    await answerCard(card, "Hangzhou");
    const [, withdrawn] = await receiver.waitForCount(2, 15_000);
    expect(JSON.parse(browserKeys.decrypt(withdrawn?.body ?? Buffer.alloc(0)))).toEqual({
      type: "inquiry:withdrawn",
      inquiryId: opened.inquiry.id,
      status: "answered",
    });
    expect(receiver.received.every((each) => each.path === "/push/pocket")).toBe(true);
  } finally {
    await receiver.close();
  }
});
