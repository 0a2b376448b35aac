import { devices, expect } from "@playwright/test";
import type { Browser, Page } from "@playwright/test";
import { logInThroughUi } from "./accounts";

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
