import { expect } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";

/** The words of the user menu in the page's language (English unless given). */
export interface UserMenuWords {
  /** The desk header's button ("Account menu"). */
  desk: string;
  /** The phone's bottom navigation entry ("More"). */
  phone: string;
}

const ENGLISH: UserMenuWords = { desk: "Account menu", phone: "More" };

/**
 * Opens the user menu (language, YOLO, Log out) from whichever entry the page shows: the
 * header's account button on desks, "More" in the phone's bottom navigation. Returns the menu.
 */
export async function openUserMenu(page: Page, words: UserMenuWords = ENGLISH): Promise<Locator> {
  const menu = page.getByRole("menu");
  if (await menu.isVisible()) return menu;
  const desk = page.getByRole("button", { name: words.desk });
  await ((await desk.isVisible()) ? desk : page.getByRole("button", { name: words.phone })).click();
  await expect(menu).toBeVisible();
  return menu;
}

/** Closes the user menu (Escape), so the page under it takes clicks again. */
export async function closeUserMenu(page: Page): Promise<void> {
  await page.keyboard.press("Escape");
  await expect(page.getByRole("menu")).toHaveCount(0);
}

/** The YOLO item of the open user menu: checked while YOLO is in force. */
export function yoloItem(page: Page): Locator {
  return page.getByRole("menuitemcheckbox", { name: "YOLO: let the agent decide" });
}

/**
 * Switches YOLO through the user menu and waits for the hub to have saved it (the item flips
 * only then); `forOneHour` picks "YOLO for 1 hour" instead of "until switched off". The menu
 * is closed again afterwards.
 */
export async function switchYolo(
  page: Page,
  to: "on" | "off",
  { forOneHour = false }: { forOneHour?: boolean } = {},
): Promise<void> {
  await openUserMenu(page);
  const item = yoloItem(page);
  await expect(item).toBeEnabled();
  if (to === "on" && forOneHour)
    await page.getByRole("menuitem", { name: "YOLO for 1 hour" }).click();
  else await item.click();
  await expect(item).toHaveAttribute("aria-checked", to === "on" ? "true" : "false");
  await closeUserMenu(page);
}

/** Reads YOLO's state as the user menu shows it, closing the menu again. */
export async function expectYolo(page: Page, state: "on" | "off"): Promise<void> {
  await openUserMenu(page);
  await expect(yoloItem(page)).toHaveAttribute("aria-checked", state === "on" ? "true" : "false");
  await closeUserMenu(page);
}

/** Picks a language ("English", "简体中文") in the user menu. */
export async function chooseLanguage(
  page: Page,
  language: string,
  words: UserMenuWords = ENGLISH,
): Promise<void> {
  await openUserMenu(page, words);
  await page.getByRole("menuitemradio", { name: language }).click();
  await expect(page.getByRole("menu")).toHaveCount(0);
}
