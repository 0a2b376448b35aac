/** Debian's Chromium, since this machine cannot download Playwright's own browser. */
const chromiumExecutable = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Flags that keep Debian's Chromium off the network this machine does not have. */
const chromiumArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** Launch options shared by every Playwright config of the suite. */
export const CHROMIUM_LAUNCH_OPTIONS = { executablePath: chromiumExecutable, args: chromiumArgs };

/** Keeps the product's servers from phoning home while the suite runs them. */
export const QUIET_ENV = { NEXT_TELEMETRY_DISABLED: "1", TURBO_TELEMETRY_DISABLED: "1" };
