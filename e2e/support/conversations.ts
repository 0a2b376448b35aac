import { devices, expect } from "@playwright/test";
import type { Browser, Locator, Page } from "@playwright/test";
import { logInThroughUi } from "./accounts";

/** A phone-sized context of the same person, logged in and left on the chat page. */
export async function openPhoneChat(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  const phone = await context.newPage();
  await logInThroughUi(phone, username);
  await expect(phone.getByRole("navigation", { name: "Conversations" })).toBeVisible();
  return phone;
}

/** The rows of the chat page's conversation list, in the order the page shows them. */
export function conversationRows(page: Page): Locator {
  return page.getByRole("navigation", { name: "Conversations" }).getByTestId("conversation-row");
}

/** A pattern for a row's text: its title first (then its buttons and any "working" hint). */
export function titled(title: string): RegExp {
  return new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

/** The button that opens the conversation of this title (the row's other buttons say what they do). */
export function openButton(page: Page, title: string): Locator {
  return conversationRows(page).getByRole("button", { name: titled(title) });
}

/** The open conversation's address (`/chat?c=<id>`), once the page has put it in the URL. */
export async function openConversationAddress(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/chat\?c=[0-9a-f-]{36}$/);
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Renames a conversation in place through its row's Rename button. */
export async function renameConversation(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole("button", { name: `Rename ${from}` }).click();
  const title = page.getByRole("navigation", { name: "Conversations" }).getByLabel("Title");
  await title.fill(to);
  await page.getByRole("button", { name: "Save" }).click();
}

/** Deletes a conversation through its row's Delete button and the confirm that follows. */
export async function deleteConversation(page: Page, title: string): Promise<void> {
  await page.getByRole("button", { name: `Delete ${title}` }).click();
  await page.getByRole("button", { name: "Delete for good" }).click();
}
