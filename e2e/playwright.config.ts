/**
 * The whole end-to-end suite in one run (`npm test` here), as four projects sharing the
 * workers, so a part that waits on its own product's start or on a timer leaves the workers
 * to the others:
 *
 * - `durable` (tests-durable): kills and restarts products it starts itself
 *   (support/product-processes.ts, support/npm-start.ts);
 * - `cluster` (tests-cluster): two hub nodes on Redis, started by the file
 *   (support/cluster-product.ts);
 * - `lan` (tests-lan): `npm start -- --lan`, started by the file (support/lan-product.ts);
 * - `main` (tests): the single-hub product global-setup.ts starts once for the run.
 *
 * The parts that take longest come first, so they start first. Every test registers its own
 * person, and a file that starts a product keeps its tests in one worker, so any test may run
 * beside any other. `npx playwright test --project main` runs one part.
 */
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS } from "./support/browser";
import { CLUSTER_WEB_URL } from "./support/cluster-ports";
import { DURABLE_WEB_URL } from "./support/durable-ports";
import { lanTrustedKeyHash } from "./support/lan-product";
import { LAN_DESKTOP_URL, LAN_HOST } from "./support/lan-ports";
import { WEB_URL } from "./support/ports";

const desktopChrome = devices["Desktop Chrome"];

/** The phone's name resolves to loopback, and the LAN certificate's key is trusted. */
const lanLaunchArgs = [
  ...CHROMIUM_LAUNCH_OPTIONS.args,
  `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
  `--ignore-certificate-errors-spki-list=${await lanTrustedKeyHash()}`,
];

export default defineConfig({
  fullyParallel: true,
  // A stray test.only must fail CI rather than silently skip the rest of the suite.
  forbidOnly: !!process.env.CI,
  workers: 2,
  retries: 0,
  reporter: [["list"]],
  use: {
    // A failed test keeps its trace (actions, DOM snapshots, network, console), without the
    // screencast: recording frames for every test took about a quarter of the run's CPU.
    trace: { mode: "retain-on-failure", screenshots: false },
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    {
      name: "durable",
      testDir: "./tests-durable",
      timeout: 240_000,
      expect: { timeout: 20_000 },
      use: { ...desktopChrome, baseURL: DURABLE_WEB_URL },
    },
    {
      name: "cluster",
      testDir: "./tests-cluster",
      // Four browser contexts on two web instances that serve their first pages cold.
      timeout: 90_000,
      expect: { timeout: 15_000 },
      use: { ...desktopChrome, baseURL: CLUSTER_WEB_URL },
    },
    {
      name: "lan",
      testDir: "./tests-lan",
      timeout: 90_000,
      expect: { timeout: 15_000 },
      use: {
        ...desktopChrome,
        baseURL: LAN_DESKTOP_URL,
        launchOptions: { ...CHROMIUM_LAUNCH_OPTIONS, args: lanLaunchArgs },
      },
    },
    {
      name: "main",
      testDir: "./tests",
      timeout: 60_000,
      expect: { timeout: 15_000 },
      use: { ...desktopChrome, baseURL: WEB_URL },
    },
  ],
  globalSetup: "./global-setup.ts",
});
