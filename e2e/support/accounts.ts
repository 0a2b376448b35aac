import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";

/** A username no earlier run has taken, so every test starts with an empty account. */
export function uniqueUsername(prefix = "e2e"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** Creates an account through the login page and waits for the chat to open. */
export async function registerThroughUi(page: Page, username = uniqueUsername()): Promise<string> {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill("correct horse battery");
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/chat/);
  return username;
}

/** Types a message into the chat composer and sends it. */
export async function sendChatMessage(page: Page, text: string): Promise<void> {
  await page.getByLabel("Message").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}
