import { rm } from "node:fs/promises";
import path from "node:path";
import { devices, expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { logInThroughUi, registerThroughUi, sendChatMessage } from "../support/accounts";
import { callInParallel, connectProxyAgent, createAgentKey } from "../support/agent-proxy";
import { openConversationAddress } from "../support/conversations";
import { answerCard } from "../support/inquiry-card";
import { E2E_SANDBOX_DIR } from "../support/sandbox";
import { writeGalleryPage } from "./gallery-page";
import type { GalleryPageName } from "./gallery-page";
import { LANGUAGES, localeCookie, shootThemes, showIn } from "./gallery-shots";
import type { Language, Size } from "./gallery-shots";

/** What the person types, in the gallery's language; the demo agent understands both. */
const PROMPTS = {
  en: {
    note: "save a note saying hello to notes.txt",
    weather: "What's the weather tomorrow?",
    city: "Hangzhou",
  },
  "zh-CN": { note: "把 hello 写入 notes.txt", weather: "明天天气怎么样？", city: "杭州" },
} as const;

const DESK = { viewport: { width: 1280, height: 800 } } as const;

/** A context on the product whose UI starts in English, the language the setup clicks in. */
async function openContext(browser: Browser, size: Size, language: Language): Promise<Page> {
  const shape = size === "desk" ? DESK : devices["Pixel 7"];
  const context = await browser.newContext({ ...shape, locale: language.browserLocale });
  await context.addCookies([localeCookie("en")]);
  return context.newPage();
}

/** What a page needs after the reload before its picture: a list loaded, a card shown. */
type Prepare = (page: Page) => Promise<void>;

const showsMain: Prepare = (page) => expect(page.locator("main").first()).toBeVisible();

/** Prepares by waiting for the first element of a test id. */
function shows(testId: string): Prepare {
  return (page) => expect(page.getByTestId(testId).first()).toBeVisible();
}

/** The approval card's Always allow dialog, once the hub's preview of the rule is in. */
const alwaysAllowOpen: Prepare = async (page) => {
  await page.getByTestId("always-allow").click();
  await expect(page.getByTestId("rule-preview-allows")).toBeVisible();
};

/** The devices page with a pairing code open, as a person about to pair a phone sees it. */
const pairingOpen: Prepare = async (page) => {
  await page.getByTestId("pair-phone").click();
  await expect(page.getByTestId("pairing-link")).toBeVisible();
};

/**
 * Switches the page to the gallery's language, prepares what the page loads after the reload,
 * shoots it in both themes, and switches back to English, in which the next setup step clicks.
 */
async function shoot(
  page: Page,
  language: Language,
  name: GalleryPageName,
  size: Size,
  prepare: Prepare = showsMain,
): Promise<void> {
  await showIn(page, language.code);
  await prepare(page);
  await shootThemes(page, language.code, name, size);
  await showIn(page, "en");
}

/**
 * An agent run's five parallel writes as one group, then a DELETE's high-risk card, on desk
 * and phone; each is decided afterwards so the next pages show no open approval.
 */
async function shootBatchAndRisk(desk: Page, phone: Page, language: Language): Promise<void> {
  const secret = await createAgentKey(desk, "gallery agent");
  const writer = await connectProxyAgent(secret);
  const writes = callInParallel(
    writer,
    "write_file",
    [1, 2, 3, 4, 5].map((n) => ({ path: `gallery/note-${n}.txt`, content: `note ${n}` })),
  );
  for (const [page, size] of [
    [desk, "desk"],
    [phone, "phone"],
  ] as const) {
    await page.goto("/inbox");
    await expect(page.getByTestId("batch-item")).toHaveCount(5);
    await shoot(page, language, "inbox-batch", size, shows("approval-batch"));
  }
  await desk.getByRole("button", { name: "Approve all" }).click();
  await writes;
  await writer.close();

  const deleter = await connectProxyAgent(secret);
  const deletion = deleter.callTool(
    { name: "execute_sql", arguments: { query: "DELETE FROM notes WHERE title = 'draft'" } },
    undefined,
    { timeout: 120_000 },
  );
  for (const [page, size] of [
    [desk, "desk"],
    [phone, "phone"],
  ] as const) {
    await page.goto("/inbox");
    await expect(page.getByTestId("risk-label")).toBeVisible();
    await shoot(page, language, "inbox-risk", size, shows("risk-label"));
  }
  await desk.getByTestId("approval-card").getByRole("button", { name: "Reject" }).click();
  await deletion;
  await deleter.close();
}

test.beforeAll(async () => {
  await writeGalleryPage();
});

for (const language of LANGUAGES) {
  test(`every page, desk and phone, light and dark, in ${language.code}`, async ({ browser }) => {
    const prompts = PROMPTS[language.code];
    await rm(path.join(E2E_SANDBOX_DIR, "notes.txt"), { force: true });

    const visitor = await openContext(browser, "desk", language);
    const visitorPhone = await openContext(browser, "phone", language);
    for (const [page, size] of [
      [visitor, "desk"],
      [visitorPhone, "phone"],
    ] as const) {
      await page.goto("/login");
      await shoot(page, language, "login", size);
    }

    const desk = await openContext(browser, "desk", language);
    const username = await registerThroughUi(desk);
    const phone = await openContext(browser, "phone", language);
    await logInThroughUi(phone, username);

    await sendChatMessage(desk, prompts.note);
    const approval = desk.getByTestId("approval-card");
    await expect(approval.getByTestId("approval-tool")).toHaveText("write_file");
    const conversation = await openConversationAddress(desk);
    await phone.goto(conversation);
    await expect(phone.getByTestId("approval-card")).toBeVisible();
    await shoot(desk, language, "chat-approval", "desk", shows("approval-card"));
    await shoot(phone, language, "chat-approval", "phone", shows("approval-card"));
    for (const [page, size] of [
      [desk, "desk"],
      [phone, "phone"],
    ] as const) {
      await page.goto("/inbox");
      await expect(page.getByTestId("approval-card")).toBeVisible();
      await shoot(page, language, "inbox", size, shows("approval-card"));
      await shoot(page, language, "rules-dialog", size, alwaysAllowOpen);
    }
    // Approved through Always allow, so the Rules page below has the rule it made.
    await alwaysAllowOpen(desk);
    await desk.getByRole("button", { name: "Allow and approve this call" }).click();
    await expect(desk.getByTestId("approval-card")).toHaveCount(0);

    await desk.goto(conversation);
    await sendChatMessage(desk, prompts.weather);
    const card = desk.getByTestId("inquiry-card");
    await expect(card).toBeVisible();
    await phone.goto(conversation);
    await expect(phone.getByTestId("inquiry-card")).toBeVisible();
    await shoot(desk, language, "chat", "desk", shows("inquiry-card"));
    await shoot(phone, language, "chat", "phone", shows("inquiry-card"));
    await answerCard(desk.getByTestId("inquiry-card"), prompts.city);
    await expect(desk.getByTestId("assistant-message").last()).toContainText(prompts.city);

    await desk.goto("/history");
    const rows = desk.getByRole("link").filter({ hasText: "write_file" });
    await expect(rows.first()).toBeVisible();
    await rows.first().click();
    await expect(desk).toHaveURL(/\/history\/.+/);
    const detail = new URL(desk.url()).pathname;
    for (const [page, size] of [
      [desk, "desk"],
      [phone, "phone"],
    ] as const) {
      await page.goto("/history");
      await expect(page.getByRole("link").filter({ hasText: "write_file" }).first()).toBeVisible();
      await shoot(page, language, "history", size, shows("history-row"));
      await page.goto(detail);
      await shoot(page, language, "history-detail", size, shows("history-detail-status"));
    }

    for (const [page, size] of [
      [desk, "desk"],
      [phone, "phone"],
    ] as const) {
      await page.goto("/rules");
      await shoot(page, language, "rules", size, shows("rule-row"));
    }

    const created = await desk.request.post("/api/agent-keys", { data: { name: "laptop agent" } });
    expect(created.status()).toBe(201);
    for (const [page, size] of [
      [desk, "desk"],
      [phone, "phone"],
    ] as const) {
      await page.goto("/agent-keys");
      await expect(page.getByText("laptop agent").first()).toBeVisible();
      await shoot(page, language, "agent-keys", size, shows("agent-key-row"));
    }

    const reach = {
      routing: { pushAfterSeconds: 30, webhookAfterSeconds: 120 },
      quietHours: { start: "22:00", end: "07:00", timeZone: "Europe/Berlin" },
      digest: { daily: true, hour: 8, timeZone: "Europe/Berlin" },
    };
    expect((await desk.request.put("/api/settings", { data: reach })).status()).toBe(200);
    for (const [page, size] of [
      [desk, "desk"],
      [phone, "phone"],
    ] as const) {
      await page.goto("/settings");
      await shoot(page, language, "settings", size, shows("save-settings"));
    }

    await shootBatchAndRisk(desk, phone, language);

    await desk.goto("/devices");
    await shoot(desk, language, "devices", "desk", pairingOpen);
    await pairingOpen(desk);
    const link = await desk.getByTestId("pairing-link").getAttribute("href");
    expect(link).toMatch(/\/pair\?code=/);
    await phone.goto("/devices");
    await shoot(phone, language, "devices", "phone", shows("device-row"));
    for (const [page, size] of [
      [visitor, "desk"],
      [visitorPhone, "phone"],
    ] as const) {
      await page.goto(link ?? "");
      await shoot(page, language, "pair", size);
    }
  });
}
