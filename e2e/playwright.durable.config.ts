/**
 * The durable suite (`playwright test -c playwright.durable.config.ts`): its tests start the
 * built product themselves (support/product-processes.ts) because they kill the agent with
 * SIGKILL and stop and start the whole product, which Playwright's webServer cannot do.
 */
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./support/browser";
import { DURABLE_WEB_URL } from "./support/durable-ports";

export default defineConfig({
  testDir: "./tests-durable",
  fullyParallel: false,
  // A stray test.only must fail CI rather than silently skip the rest of the suite.
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  timeout: 240_000,
  expect: { timeout: 20_000 },
  reporter: [["list"]],
  outputDir: "test-results/durable",
  use: {
    baseURL: DURABLE_WEB_URL,
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
});
