import { devices, expect } from "@playwright/test";
import type { Browser, Locator, Page } from "@playwright/test";
import { logInThroughUi } from "./accounts";

/** A phone-sized context of the same person, logged in and left on the chat page. */
export async function openPhoneChat(browser: Browser, username: string): Promise<Page> {
  const context = await browser.newContext({ ...devices["Pixel 7"] });
  const phone = await context.newPage();
  await logInThroughUi(phone, username);
  await expect(phone.getByRole("button", { name: "Conversations" })).toBeVisible();
  return phone;
}

/**
 * Shows the conversation list: the desk's sidebar always does; a phone opens its sheet through
 * the "Conversations" button above the chat (picking a conversation closes it again).
 */
export async function showConversations(page: Page): Promise<void> {
  const list = page.getByRole("navigation", { name: "Conversations" });
  if (await list.isVisible()) return;
  await page.getByRole("button", { name: "Conversations" }).click();
  await expect(list).toBeVisible();
}

/** The rows of the chat page's conversation list, in the order the page shows them. */
export function conversationRows(page: Page): Locator {
  return page.getByRole("navigation", { name: "Conversations" }).getByTestId("conversation-row");
}

/** A pattern for a row's text: its title first (then any "working" hint). */
export function titled(title: string): RegExp {
  return new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

/** The button that opens the conversation of this title (the row's ⋯ button says "Actions for …"). */
export function openButton(page: Page, title: string): Locator {
  return conversationRows(page).getByRole("button", { name: titled(title) });
}

/** The open conversation's address (`/chat?c=<id>`), once the page has put it in the URL. */
export async function openConversationAddress(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/chat\?c=[0-9a-f-]{36}$/);
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Renames a conversation through its row's ⋯ menu and the dialog that follows. */
export async function renameConversation(page: Page, from: string, to: string): Promise<void> {
  await page.getByRole("button", { name: `Actions for ${from}` }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog", { name: "Rename conversation" });
  await dialog.getByLabel("Title").fill(to);
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toHaveCount(0);
}

/** Deletes a conversation through its row's ⋯ menu and the confirm dialog that follows. */
export async function deleteConversation(page: Page, title: string): Promise<void> {
  await page.getByRole("button", { name: `Actions for ${title}` }).click();
  await page.getByRole("menuitem", { name: "Delete" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this conversation?" });
  await dialog.getByRole("button", { name: "Delete for good" }).click();
  await expect(dialog).toHaveCount(0);
}
