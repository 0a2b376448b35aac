import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "@playwright/test";
import type { Page } from "@playwright/test";
import { WEB_URL } from "../support/ports";

/** Where the gallery's pictures go: docs/screenshots/gallery/<language>/. */
export const GALLERY_DIR = fileURLToPath(
  new URL("../../docs/screenshots/gallery/", import.meta.url),
);

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

export type Size = "desk" | "phone";

/** The languages of the gallery: the UI's locale cookie value and the browser's locale. */
export const LANGUAGES = [
  { code: "en", browserLocale: "en-US" },
  { code: "zh-CN", browserLocale: "zh-CN" },
] as const;
export type Language = (typeof LANGUAGES)[number];

/** The cookie the web app keeps its language in (apps/web/lib/i18n/locale.ts). */
const LOCALE_COOKIE = "ih_locale";

/** The language cookie for the product's web origin. */
export function localeCookie(code: string): { name: string; value: string; url: string } {
  return { name: LOCALE_COOKIE, value: code, url: WEB_URL };
}

/** Puts a page's whole context in `code` and reloads it, so every part renders in that language. */
export async function showIn(page: Page, code: string): Promise<void> {
  await page.context().addCookies([localeCookie(code)]);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("lang", code);
}

export function shotPath(language: string, name: string, size: Size, theme: Theme): string {
  return path.join(GALLERY_DIR, language, `${name}.${size}.${theme}.png`);
}

/**
 * Shoots what `page` shows in both themes. The theme is the browser's colour scheme (the app
 * follows the system); pictures are taken at CSS pixel scale, so a phone's is 412 px wide.
 */
export async function shootThemes(
  page: Page,
  language: string,
  name: string,
  size: Size,
): Promise<void> {
  await mkdir(path.join(GALLERY_DIR, language), { recursive: true });
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.evaluate(() => document.fonts.ready);
    // Transitions (a button's colours) would be caught halfway to the new theme.
    await page.screenshot({
      path: shotPath(language, name, size, theme),
      scale: "css",
      animations: "disabled",
    });
  }
  await page.emulateMedia({ colorScheme: "light" });
}
