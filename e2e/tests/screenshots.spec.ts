import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { devices, expect, test } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { logInThroughUi, registerThroughUi, sendChatMessage } from "../support/accounts";
import { E2E_SANDBOX_DIR } from "../support/sandbox";
import { answerCard } from "../support/inquiry-card";

/**
 * The screenshots of the README and the docs site, taken from the running product so they never
 * drift from it.
 * They are written into the repository (docs/screenshots, found from this file), ready to
 * commit; `git diff` shows when the UI changed.
 */
const SCREENSHOT_DIR = fileURLToPath(new URL("../../docs/screenshots/", import.meta.url));

/** An English desktop, whatever the machine's language. */
const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: "en-US" } as const;

async function desktopChat(browser: Browser): Promise<{ page: Page; username: string }> {
  const page = await (await browser.newContext(DESKTOP)).newPage();
  const username = await registerThroughUi(page);
  return { page, username };
}

function shot(name: string): string {
  return path.join(SCREENSHOT_DIR, `${name}.png`);
}

test.beforeAll(async () => {
  await mkdir(SCREENSHOT_DIR, { recursive: true });
});

test("chat-inquiry-card.png: the agent's question as a card in the chat", async ({ browser }) => {
  const { page } = await desktopChat(browser);
  await sendChatMessage(page, "What's the weather tomorrow?");
  const card = page.getByTestId("inquiry-card");
  await expect(card).toContainText("Which city");
  await page.screenshot({ path: shot("chat-inquiry-card") });

  await answerCard(card, "Hangzhou");
  await expect(page.getByTestId("assistant-message").last()).toContainText("Hangzhou");
});

test("phone-inbox.png: the same question waiting in a phone's inbox", async ({ browser }) => {
  const { page, username } = await desktopChat(browser);
  await sendChatMessage(page, "What's the weather tomorrow?");
  await expect(page.getByTestId("inquiry-card")).toContainText("Which city");

  const phone = await (
    await browser.newContext({ ...devices["Pixel 7"], locale: "en-US" })
  ).newPage();
  await logInThroughUi(phone, username);
  await phone.goto("/inbox");
  const card = phone.getByTestId("inquiry-card");
  await expect(card).toContainText("Which city");
  await phone.screenshot({ path: shot("phone-inbox") });

  await answerCard(card, "Hangzhou");
  await expect(page.getByTestId("assistant-message").last()).toContainText("Hangzhou");
});

test("approval-card.png: a gated tool call waiting for approval", async ({ browser }) => {
  await rm(path.join(E2E_SANDBOX_DIR, "notes.txt"), { force: true });
  const { page } = await desktopChat(browser);
  await sendChatMessage(page, "save a note saying hello to notes.txt");
  const card = page.getByTestId("approval-card");
  await expect(card.getByTestId("approval-tool")).toHaveText("write_file");
  await page.screenshot({ path: shot("approval-card") });

  await card.getByRole("button", { name: "Reject" }).click();
  await expect(card).toHaveCount(0);
});
