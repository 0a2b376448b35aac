/**
 * The screenshot gallery (`npm run screenshots` at the repository root): every page of the web
 * app at desk and phone size, light and dark, English and Chinese, written to
 * docs/screenshots/gallery/ with the docs page that shows them (docs/guide/screens.md).
 *
 * Not part of `npm test`: it takes a few minutes of browser time and its output is reviewed by
 * eye, then committed. It runs against the same main product as the suite (global-setup.ts).
 * The Chinese pictures need a font with Chinese glyphs on the machine (Debian:
 * `fonts-wqy-microhei` or `fonts-noto-cjk`); without one Chromium draws empty boxes.
 */
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./support/browser";
import { WEB_URL } from "./support/ports";

export default defineConfig({
  testDir: "./gallery",
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  use: {
    ...devices["Desktop Chrome"],
    baseURL: WEB_URL,
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  globalSetup: "./global-setup.ts",
});
