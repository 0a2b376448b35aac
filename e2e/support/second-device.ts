import { devices, expect } from "@playwright/test";
import type { Browser, Locator, Page } from "@playwright/test";
import { logInThroughUi, registerThroughUi, sendChatMessage } from "./accounts";

/** Pairs a phone-sized context named "Pixel 7" through the QR page's link, as a person scanning it would. */
export async function pairPhone(browser: Browser, desktop: Page): Promise<Page> {
  await desktop.goto("/devices");
  await desktop.getByRole("button", { name: "Pair a phone" }).click();
  await expect(desktop.getByAltText("Pairing QR code")).toBeVisible();
  const link = await desktop.getByTestId("pairing-link").getAttribute("href");
  expect(link).toMatch(/\/pair\?code=/);

  const phone = await (await browser.newContext({ ...devices["Pixel 7"] })).newPage();
  await phone.goto(link ?? "");
  await phone.getByLabel("Device name").fill("Pixel 7");
  await phone.getByRole("button", { name: "Log in on this device" }).click();
  await expect(phone).toHaveURL(/\/inbox/);
  await expect(phone.getByRole("heading", { name: "Inbox" })).toBeVisible();
  return phone;
}

/**
 * Another desktop device of the same person, logged in on a context of its own and open on
 * its inbox (optionally on another web origin); the caller's tab stays as it is.
 */
export async function openInbox(
  browser: Browser,
  username: string,
  baseURL?: string,
): Promise<Page> {
  const context = await browser.newContext(baseURL === undefined ? {} : { baseURL });
  const page = await context.newPage();
  await logInThroughUi(page, username);
  await page.goto("/inbox");
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
  return page;
}

/** A person's chat tab and inbox with the same question open on both. */
export interface QuestionOnTwoDevices {
  chat: Page;
  inbox: Page;
  chatCard: Locator;
  inboxCard: Locator;
  /** The countdown of each card, the chat's first. */
  countdowns: Locator[];
}

/**
 * A new person on two desktop devices (a chat tab and, logged in apart, an inbox), with the demo
 * agent's weather question asked in the chat under a deadline of `inquiryTimeoutSeconds`.
 */
export async function questionOnTwoDevices(
  browser: Browser,
  inquiryTimeoutSeconds: number,
): Promise<QuestionOnTwoDevices> {
  const chat = await (await browser.newContext()).newPage();
  const username = await registerThroughUi(chat);
  const inbox = await openInbox(browser, username);
  await chat.goto(`/chat?inquiryTimeout=${inquiryTimeoutSeconds}`);
  await sendChatMessage(chat, "What's the weather tomorrow?");
  const chatCard = chat.getByTestId("inquiry-card");
  const inboxCard = inbox.getByTestId("inquiry-card");
  const countdowns = [chatCard, inboxCard].map((card) => card.getByTestId("inquiry-countdown"));
  return { chat, inbox, chatCard, inboxCard, countdowns };
}
