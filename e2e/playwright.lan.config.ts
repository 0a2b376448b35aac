/**
 * The LAN-mode suite (`playwright test -c playwright.lan.config.ts`): the product started the
 * way a person starts it for their phone, `npm start -- --lan` (scripts/start.ts), with
 * LAN_HOST a made-up name that Chromium resolves to 127.0.0.1. Everything stays on loopback;
 * the phone reaches the product only through the HTTPS front door. Only tests-lan runs here.
 */
import { X509Certificate, createHash, randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { ensureLanCertificate } from "@inquiry-hub/gateway";
import { CHROMIUM_LAUNCH_OPTIONS, QUIET_ENV } from "./support/browser";
import {
  LAN_DESKTOP_URL,
  LAN_HOST,
  LAN_HUB_URL,
  LAN_PORTS,
  LAN_PUBLIC_URL,
  LAN_SUITE_DIR,
} from "./support/lan-ports";
import { E2E_PROXY_CONFIG, E2E_SANDBOX_DIR } from "./support/sandbox";

/** The suite's proxy config with the upstream on this suite's demo-tools port. */
function writeProxyConfig(): string {
  const file = path.join(LAN_SUITE_DIR, "proxy.json");
  const upstream = `http://127.0.0.1:${LAN_PORTS.demoTools}/mcp`;
  const text = readFileSync(E2E_PROXY_CONFIG, "utf8").replace(
    /http:\/\/127\.0\.0\.1:\d+\/mcp/,
    upstream,
  );
  if (!text.includes(upstream)) throw new Error(`${E2E_PROXY_CONFIG}: no upstream URL to move`);
  mkdirSync(LAN_SUITE_DIR, { recursive: true });
  writeFileSync(file, text);
  return file;
}

const tlsDir = path.join(LAN_SUITE_DIR, "tls");

/**
 * The certificate LAN mode will serve, made here first (the launcher reuses it: same folder,
 * same host), so Chromium can be told to trust it as a person trusts it on their phone.
 * Chromium refuses service workers on a page with a certificate error, which Playwright's
 * `ignoreHTTPSErrors` alone leaves; `--ignore-certificate-errors-spki-list` trusts this key only.
 */
async function trustedKeyHash(): Promise<string> {
  const { cert } = await ensureLanCertificate({ dir: tlsDir, host: LAN_HOST });
  const spki = new X509Certificate(cert).publicKey.export({ type: "spki", format: "der" });
  return createHash("sha256").update(spki).digest("base64");
}

const launchArgs = [
  ...CHROMIUM_LAUNCH_OPTIONS.args,
  `--host-resolver-rules=MAP ${LAN_HOST} 127.0.0.1`,
  `--ignore-certificate-errors-spki-list=${await trustedKeyHash()}`,
];

const LAN_HUB_DATA_DIR = path.join(LAN_SUITE_DIR, "hub-data");

export default defineConfig({
  testDir: "./tests-lan",
  fullyParallel: false,
  // A stray test.only must fail CI rather than silently skip the rest of the suite.
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: "test-results/lan",
  use: {
    baseURL: LAN_DESKTOP_URL,
    trace: "retain-on-failure",
    launchOptions: { ...CHROMIUM_LAUNCH_OPTIONS, args: launchArgs },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      // Every run starts from an empty embedded store (the hub's default store).
      command: `rm -rf ${JSON.stringify(LAN_HUB_DATA_DIR)} && npx tsx scripts/start.ts --lan`,
      cwd: "..",
      // Through the front door: it answers 200 only once the web behind it does.
      url: `https://127.0.0.1:${LAN_PORTS.frontDoor}/login`,
      ignoreHTTPSErrors: true,
      env: {
        ...QUIET_ENV,
        LAN_HOST,
        LAN_PORT: String(LAN_PORTS.frontDoor),
        LAN_TLS_DIR: tlsDir,
        PORT: String(LAN_PORTS.web),
        HUB_PORT: String(LAN_PORTS.hub),
        AGENT_PORT: String(LAN_PORTS.agent),
        DEMO_TOOLS_PORT: String(LAN_PORTS.demoTools),
        HUB_URL: LAN_HUB_URL,
        AGENT_URL: `http://127.0.0.1:${LAN_PORTS.agent}`,
        HUB_MCP_URL: `${LAN_HUB_URL}/mcp`,
        DEMO_TOOLS_MCP_URL: `${LAN_HUB_URL}/proxy/demo/mcp`,
        // The desktop's origin on this suite's port, and the phone's: what LAN mode's PUBLIC_URL
        // must be part of, or the hub refuses to start.
        HUB_CORS_ORIGINS: `${LAN_DESKTOP_URL},${LAN_PUBLIC_URL}`,
        HUB_DATA_DIR: LAN_HUB_DATA_DIR,
        // The agent's runs and anything else unplaced stay in the suite's folder.
        INQUIRY_HUB_DATA_DIR: path.join(LAN_SUITE_DIR, "state"),
        PROXY_CONFIG_PATH: writeProxyConfig(),
        DEMO_TOOLS_TOKEN: randomBytes(32).toString("base64url"),
        DEMO_TOOLS_SANDBOX_DIR: E2E_SANDBOX_DIR,
        // The timeout chain: the agent's MCP timeout must outlast the hub's 120 s + 30 s.
        HUB_TIMEOUT_GRACE_SECONDS: "30",
        AGENT_MCP_TIMEOUT_SECONDS: "180",
        // The suite's push receiver listens on loopback.
        HUB_PUSH_ALLOW_PRIVATE: "1",
      },
      timeout: 600_000,
      // turbo runs each app in its own process group: SIGKILL to the launcher's group would
      // orphan them. SIGTERM lets the launcher and turbo stop them.
      gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
      reuseExistingServer: false,
    },
  ],
});
