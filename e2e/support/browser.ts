import { existsSync } from "node:fs";

/** Debian's Chromium, since this machine cannot download Playwright's own browsers. */
const FULL_BROWSER = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/**
 * Its old headless shell (Debian package chromium-headless-shell), what Playwright itself runs
 * headless tests in: about half the CPU of the full browser's headless mode. Without it the
 * suite runs everything in the full browser.
 */
const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";

/** Flags that keep Debian's Chromium off the network this machine does not have. */
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Launch options of the suite's browser: the headless shell when installed. */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath:
    process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER),
  args: chromiumArgs,
};

/**
 * Launch options of the full browser, for a file whose service worker shows notifications:
 * the headless shell refuses them whatever permission the context was granted
 * (microsoft/playwright#23954). Use it with `test.use({ launchOptions: ... })`.
 */
export const FULL_BROWSER_LAUNCH_OPTIONS = { executablePath: FULL_BROWSER, args: chromiumArgs };

/** Keeps the product's servers from phoning home while the suite runs them. */
export const QUIET_ENV = { NEXT_TELEMETRY_DISABLED: "1", TURBO_TELEMETRY_DISABLED: "1" };
