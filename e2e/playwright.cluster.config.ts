/**
 * The two-node suite (`playwright test -c playwright.cluster.config.ts`): its own
 * redis-server (no persistence), two hub nodes on it, demo-tools, two agent nodes keeping their
 * runs in that Redis (one calling each hub node) and two web instances, one per hub node and
 * agent. Only tests-cluster/multi-node.spec.ts runs here; the
 * single-hub suite (playwright.config.ts) ignores it.
 */
import { randomBytes } from "node:crypto";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_LAUNCH_OPTIONS, QUIET_ENV } from "./support/browser";
import {
  CLUSTER_HUB_NODE1_URL,
  CLUSTER_HUB_NODE2_URL,
  CLUSTER_PORTS,
  CLUSTER_REDIS_URL,
  CLUSTER_WEB_NODE1_URL,
  CLUSTER_WEB_URL,
} from "./support/cluster-ports";
import { writeProxyConfig } from "./support/product-processes";
import { E2E_SANDBOX_DIR } from "./support/sandbox";

const clusterDir = path.join(tmpdir(), "inquiry-hub-e2e-cluster");

const proxyConfigPath = writeProxyConfig(clusterDir, CLUSTER_PORTS.demoTools);

/**
 * demo-tools' bearer token for this run, given to it and to the hub nodes: the config copy
 * above lives in a temp folder, so its relative token file would not reach the repo's .data.
 */
const demoToolsToken = randomBytes(32).toString("base64url");

function hubNode(port: number, name: string) {
  return {
    command: "npm run start -w @inquiry-hub/hub",
    cwd: "..",
    url: `http://127.0.0.1:${port}/api/health`,
    env: {
      ...QUIET_ENV,
      HUB_PORT: String(port),
      HUB_NODE_ID: name,
      REDIS_URL: CLUSTER_REDIS_URL,
      HUB_CORS_ORIGINS: `${CLUSTER_WEB_URL},${CLUSTER_WEB_NODE1_URL}`,
      HUB_WEB_PUBLIC_URL: CLUSTER_WEB_URL,
      HUB_DATA_DIR: path.join(clusterDir, "hub-data"),
      PROXY_CONFIG_PATH: proxyConfigPath,
      DEMO_TOOLS_TOKEN: demoToolsToken,
    },
    reuseExistingServer: false,
  };
}

/** An agent node on `port` calling the hub at `hubUrl`; runs are kept in the suite's Redis. */
function agentNode(port: number, hubUrl: string) {
  return {
    command: "npm run start -w @inquiry-hub/agent",
    cwd: "..",
    url: `http://127.0.0.1:${port}/v1/models`,
    env: {
      ...QUIET_ENV,
      AGENT_PORT: String(port),
      // The timeout chain: the agent's MCP timeout must outlast the hub's 120 s + 10 s.
      AGENT_MCP_TIMEOUT_SECONDS: "180",
      HUB_MCP_URL: `${hubUrl}/mcp`,
      DEMO_TOOLS_MCP_URL: `${hubUrl}/proxy/demo/mcp`,
      REDIS_URL: CLUSTER_REDIS_URL,
    },
    reuseExistingServer: false,
  };
}

/** A web instance whose API calls and browser sockets go to `hubUrl`, its chats to `agentPort`. */
function web(port: number, hubUrl: string, agentPort: number) {
  return {
    command: "npm run start -w @inquiry-hub/web",
    cwd: "..",
    url: `http://localhost:${port}/login`,
    env: {
      ...QUIET_ENV,
      PORT: String(port),
      AGENT_URL: `http://127.0.0.1:${agentPort}`,
      HUB_URL: hubUrl,
      HUB_PUBLIC_URL: hubUrl,
    },
    timeout: 120_000,
    reuseExistingServer: false,
  };
}

export default defineConfig({
  testDir: "./tests-cluster",
  testMatch: "multi-node.spec.ts",
  fullyParallel: false,
  // A stray test.only must fail CI rather than silently skip the rest of the suite.
  forbidOnly: !!process.env.CI,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  outputDir: "test-results/cluster",
  use: {
    baseURL: CLUSTER_WEB_URL,
    trace: "retain-on-failure",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: [
    {
      command: `redis-server --port ${CLUSTER_PORTS.redis} --bind 127.0.0.1 --save '' --appendonly no`,
      port: CLUSTER_PORTS.redis,
      reuseExistingServer: false,
    },
    hubNode(CLUSTER_PORTS.hubNode1, "e2e-node-1"),
    hubNode(CLUSTER_PORTS.hubNode2, "e2e-node-2"),
    {
      command: "npm run start -w @inquiry-hub/demo-tools",
      cwd: "..",
      port: CLUSTER_PORTS.demoTools,
      env: {
        ...QUIET_ENV,
        DEMO_TOOLS_PORT: String(CLUSTER_PORTS.demoTools),
        DEMO_TOOLS_SANDBOX_DIR: E2E_SANDBOX_DIR,
        DEMO_TOOLS_TOKEN: demoToolsToken,
      },
      reuseExistingServer: false,
    },
    agentNode(CLUSTER_PORTS.agent, CLUSTER_HUB_NODE1_URL),
    agentNode(CLUSTER_PORTS.agentNode2, CLUSTER_HUB_NODE2_URL),
    web(CLUSTER_PORTS.web, CLUSTER_HUB_NODE2_URL, CLUSTER_PORTS.agent),
    web(CLUSTER_PORTS.webNode1, CLUSTER_HUB_NODE1_URL, CLUSTER_PORTS.agentNode2),
  ],
});
