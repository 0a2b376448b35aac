import { devices, expect } from "@playwright/test";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { logInThroughUi, registerThroughUi, sendChatMessage } from "./accounts";

/** The demo model asks "Which city …?" for this and answers with the weather there. */
export const WEATHER_WITHOUT_CITY = "What's the weather tomorrow?";

/** A phone-sized context of the same person, logged in and on the inbox. */
export async function openPhone(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  const phone = await context.newPage();
  await logInThroughUi(phone, username);
  await phone.goto("/inbox");
  await expect(phone.getByRole("heading", { name: "Inbox" })).toBeVisible();
  return phone;
}

/**
 * Sends the weather question in a new chat and waits for the agent's question card; returns
 * the conversation's address (`/chat?c=<id>`), which a reload or another tab reopens.
 */
export async function askWhichCity(chat: Page): Promise<string> {
  await chat.goto("/chat");
  await sendChatMessage(chat, WEATHER_WITHOUT_CITY);
  await expect(chat.getByTestId("inquiry-card")).toContainText("Which city");
  await expect(chat).toHaveURL(/[?&]c=[0-9a-f-]{36}/);
  return new URL(chat.url()).pathname + new URL(chat.url()).search;
}

/**
 * The agent's reply to the weather question, checked to appear exactly once in the transcript:
 * a replay that doubled text would show the city sentence twice.
 */
export async function expectOneWeatherReply(chat: Page, city: string): Promise<void> {
  const replies = chat.getByTestId("assistant-message").filter({ hasText: city });
  await expect(replies).toHaveCount(1);
  const text = (await replies.first().textContent()) ?? "";
  expect(text.split(city).length - 1, `"${city}" once in: ${text}`).toBe(1);
}

/** A person with a desktop chat waiting on the agent's question and a phone beside it. */
export interface ChatWithPhone {
  chatContext: BrowserContext;
  chat: Page;
  phone: Page;
  username: string;
  /** `/chat?c=<id>` of the conversation whose run waits on the question. */
  conversation: string;
}

/**
 * Registers a new person on a desktop chat, logs them in on a phone, sends the weather
 * question and waits until the agent's question reached the phone too.
 */
export async function questionOnChatAndPhone(browser: Browser): Promise<ChatWithPhone> {
  const chatContext = await browser.newContext();
  const chat = await chatContext.newPage();
  const username = await registerThroughUi(chat);
  const phone = await openPhone(browser, username);
  const conversation = await askWhichCity(chat);
  await expect(phone.getByTestId("inquiry-card")).toContainText("Which city");
  return { chatContext, chat, phone, username, conversation };
}
