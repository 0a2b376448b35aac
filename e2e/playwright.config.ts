import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS, QUIET_ENV } from "./support/browser";
import { E2E_PORTS, HUB_URL, WEB_URL } from "./support/ports";
import { E2E_PROXY_CONFIG, E2E_SANDBOX_DIR } from "./support/sandbox";
import {
  E2E_AGENT_DATA_DIR,
  E2E_DATA_DIR,
  E2E_HUB_DATA_DIR,
  E2E_WEBHOOK_SECRET,
} from "./support/channels";

export default defineConfig({
  testDir: "./tests",
  // Needs two hub nodes on Redis: run by playwright.cluster.config.ts.
  testIgnore: "multi-node.spec.ts",
  fullyParallel: false,
  // A stray test.only must fail CI rather than silently skip the rest of the suite.
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    baseURL: WEB_URL,
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: "npm run start -w @inquiry-hub/demo-tools",
      cwd: "..",
      port: E2E_PORTS.demoTools,
      env: {
        ...QUIET_ENV,
        DEMO_TOOLS_PORT: String(E2E_PORTS.demoTools),
        DEMO_TOOLS_SANDBOX_DIR: E2E_SANDBOX_DIR,
        INQUIRY_HUB_DATA_DIR: E2E_DATA_DIR,
      },
      reuseExistingServer: false,
    },
    {
      // Every run starts from an empty embedded store (the hub's default store).
      command: `rm -rf ${JSON.stringify(E2E_HUB_DATA_DIR)} && npm run start -w @inquiry-hub/hub`,
      cwd: "..",
      url: `${HUB_URL}/api/health`,
      env: {
        ...QUIET_ENV,
        HUB_PORT: String(E2E_PORTS.hub),
        HUB_TIMEOUT_GRACE_SECONDS: "30",
        HUB_CORS_ORIGINS: WEB_URL,
        PROXY_CONFIG_PATH: E2E_PROXY_CONFIG,
        HUB_WEB_PUBLIC_URL: WEB_URL,
        HUB_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
        HUB_WEBHOOK_RETRY_BASE_SECONDS: "0.2",
        // The suite's webhook and push receivers listen on loopback.
        HUB_WEBHOOK_ALLOW_PRIVATE: "1",
        HUB_PUSH_ALLOW_PRIVATE: "1",
        // untrusted-content.spec.ts holds a page of 100 hostile questions from one session;
        // the per-credential caps themselves are proven by the hub's red-team suite.
        HUB_PENDING_INQUIRIES_PER_USER: "101",
        HUB_PENDING_INQUIRIES_PER_CREDENTIAL: "100",
        HUB_HELD_CALLS_PER_USER: "101",
        HUB_HELD_CALLS_PER_CREDENTIAL: "100",
        HUB_DATA_DIR: E2E_HUB_DATA_DIR,
        INQUIRY_HUB_DATA_DIR: E2E_DATA_DIR,
      },
      reuseExistingServer: false,
    },
    {
      // Every run starts with no runs kept from an earlier one.
      command: `rm -rf ${JSON.stringify(E2E_AGENT_DATA_DIR)} && npm run start -w @inquiry-hub/agent`,
      cwd: "..",
      url: `http://127.0.0.1:${E2E_PORTS.agent}/v1/models`,
      env: {
        ...QUIET_ENV,
        AGENT_DATA_DIR: E2E_AGENT_DATA_DIR,
        AGENT_PORT: String(E2E_PORTS.agent),
        // The timeout chain: the agent's MCP timeout must outlast the hub's 120 s + 30 s.
        HUB_TIMEOUT_GRACE_SECONDS: "30",
        AGENT_MCP_TIMEOUT_SECONDS: "180",
        HUB_MCP_URL: `${HUB_URL}/mcp`,
        DEMO_TOOLS_MCP_URL: `${HUB_URL}/proxy/demo/mcp`,
      },
      reuseExistingServer: false,
    },
    {
      command: "npm run start -w @inquiry-hub/web",
      cwd: "..",
      url: `${WEB_URL}/login`,
      env: {
        ...QUIET_ENV,
        PORT: String(E2E_PORTS.web),
        AGENT_URL: `http://127.0.0.1:${E2E_PORTS.agent}`,
        HUB_URL,
        HUB_PUBLIC_URL: HUB_URL,
      },
      timeout: 120_000,
      reuseExistingServer: false,
    },
  ],
});
