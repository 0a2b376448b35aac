import { randomUUID } from "node:crypto";
import { expect, type Page } from "@playwright/test";

/** A username no earlier run has taken, so every test starts with an empty account. */
export function uniqueUsername(prefix = "e2e"): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/** The password of every account the suite creates. */
export const PASSWORD = "correct horse battery";

async function submitLoginForm(
  page: Page,
  username: string,
  button: string,
  loginPath: string,
): Promise<void> {
  await page.goto(loginPath);
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: button }).click();
  await expect(page).toHaveURL(/\/chat/);
}

/**
 * Creates an account through the login page and waits for the chat to open: a new account
 * has nothing waiting, so the landing (`/`) sends it to a new chat.
 */
export async function registerThroughUi(page: Page, username = uniqueUsername()): Promise<string> {
  await submitLoginForm(page, username, "Create account", "/login");
  return username;
}

/**
 * Logs an existing account in through the login page, a new device of that user, onto the
 * chat page: asked for by `next`, since the plain landing may pick the inbox or a working chat.
 */
export async function logInThroughUi(page: Page, username: string): Promise<void> {
  await submitLoginForm(page, username, "Log in", "/login?next=%2Fchat");
}

/** Types a message into the chat composer and sends it. */
export async function sendChatMessage(page: Page, text: string): Promise<void> {
  await page.getByLabel("Message").fill(text);
  await page.getByRole("button", { name: "Send" }).click();
}
