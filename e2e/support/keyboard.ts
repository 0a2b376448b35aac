import { expect } from "@playwright/test";
import type { Locator, Page } from "@playwright/test";

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, as a keyboard user walks the page;
 * fails when it is not reached within `limit` presses, i.e. it is not in the tab order.
 * Once there, checks the focus is visible (an outline), as WCAG 2.4.7 asks.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  direction: "Tab" | "Shift+Tab" = "Tab",
  limit = 40,
): Promise<void> {
  for (let presses = 0; presses <= limit; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) {
      const outline = await target.evaluate((element) => getComputedStyle(element).outlineStyle);
      expect(outline, "the focused element shows a focus outline").not.toBe("none");
      return;
    }
    await page.keyboard.press(direction);
  }
  throw new Error(`not reachable with ${direction} in ${limit} presses: ${target.toString()}`);
}
