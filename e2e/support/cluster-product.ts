import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startRedisServer } from "@inquiry-hub/test-kit";
import { nodeAppService, webService, writeProxyConfig } from "./app-services";
import {
  CLUSTER_HUB_NODE1_URL,
  CLUSTER_HUB_NODE2_URL,
  CLUSTER_PORTS,
  CLUSTER_WEB_NODE1_URL,
  CLUSTER_WEB_URL,
} from "./cluster-ports";
import { E2E_SANDBOX_DIR } from "./sandbox";
import { startServices } from "./service-process";
import type { RunningService, ServiceSpec } from "./service-process";

/** The two-node product's data, proxy config and logs: emptied when it starts. */
const CLUSTER_DIR = path.join(tmpdir(), "inquiry-hub-e2e-cluster");

/** The two-node product of the cluster suite; `stop` ends every service and its Redis. */
export interface ClusterProduct {
  stop(): Promise<void>;
}

/**
 * The hub nodes, demo-tools, the agent nodes and the web instances of one two-node product on
 * `redisUrl`, in the waves they start in. demo-tools' bearer token is given to it and to both
 * hub nodes: the proxy config copy lives in a temp folder, so its relative token file would
 * not reach the repo's .data.
 */
function clusterServices(redisUrl: string): ServiceSpec[][] {
  const demoToolsToken = randomBytes(32).toString("base64url");
  const proxyConfigPath = writeProxyConfig(CLUSTER_DIR, CLUSTER_PORTS.demoTools);
  // What no other variable places stays in the product's folder, away from a developer's own.
  const state = { INQUIRY_HUB_DATA_DIR: path.join(CLUSTER_DIR, "state") };
  const hubNode = (name: string, port: number) =>
    nodeAppService("hub", name, port, {
      ...state,
      HUB_NODE_ID: name,
      REDIS_URL: redisUrl,
      HUB_CORS_ORIGINS: `${CLUSTER_WEB_URL},${CLUSTER_WEB_NODE1_URL}`,
      HUB_WEB_PUBLIC_URL: CLUSTER_WEB_URL,
      HUB_DATA_DIR: path.join(CLUSTER_DIR, "hub-data"),
      PROXY_CONFIG_PATH: proxyConfigPath,
      DEMO_TOOLS_TOKEN: demoToolsToken,
    });
  /** An agent node calling the hub at `hubUrl`; runs are kept in the product's Redis. */
  const agentNode = (name: string, port: number, hubUrl: string) =>
    nodeAppService("agent", name, port, {
      ...state,
      // The timeout chain: the agent's MCP timeout must outlast the hub's 120 s + 10 s.
      AGENT_MCP_TIMEOUT_SECONDS: "180",
      HUB_MCP_URL: `${hubUrl}/mcp`,
      DEMO_TOOLS_MCP_URL: `${hubUrl}/proxy/demo/mcp`,
      REDIS_URL: redisUrl,
    });
  /** A web instance whose API calls and browser sockets go to `hubUrl`, its chats to `agentPort`. */
  const web = (name: string, port: number, hubUrl: string, agentPort: number) =>
    webService(name, port, {
      AGENT_URL: `http://127.0.0.1:${agentPort}`,
      HUB_URL: hubUrl,
      HUB_PUBLIC_URL: hubUrl,
    });
  // Node 2 starts once node 1 has written the secrets both nodes share (hub-data's
  // channel-secrets.json): two first starts at once would race to create it.
  return [
    [
      hubNode("e2e-node-1", CLUSTER_PORTS.hubNode1),
      nodeAppService("demo-tools", "demo-tools", CLUSTER_PORTS.demoTools, {
        ...state,
        DEMO_TOOLS_SANDBOX_DIR: E2E_SANDBOX_DIR,
        DEMO_TOOLS_TOKEN: demoToolsToken,
      }),
    ],
    [hubNode("e2e-node-2", CLUSTER_PORTS.hubNode2)],
    [
      agentNode("agent-node-1", CLUSTER_PORTS.agent, CLUSTER_HUB_NODE1_URL),
      agentNode("agent-node-2", CLUSTER_PORTS.agentNode2, CLUSTER_HUB_NODE2_URL),
      web("web-node-2", CLUSTER_PORTS.web, CLUSTER_HUB_NODE2_URL, CLUSTER_PORTS.agent),
      web("web-node-1", CLUSTER_PORTS.webNode1, CLUSTER_HUB_NODE1_URL, CLUSTER_PORTS.agentNode2),
    ],
  ];
}

/**
 * Starts the two-node product: its own redis-server (no persistence), two hub nodes on it,
 * demo-tools, two agent nodes keeping their runs in that Redis (one calling each hub node)
 * and two web instances, one per hub node and agent: each wave of services together, the
 * agents and webs once the hub nodes they call answer. Logs go to the product's folder.
 */
export async function startClusterProduct(): Promise<ClusterProduct> {
  rmSync(CLUSTER_DIR, { recursive: true, force: true });
  mkdirSync(CLUSTER_DIR, { recursive: true });
  const redis = await startRedisServer();
  const running: RunningService[] = [];
  const stop = async (): Promise<void> => {
    await Promise.all(running.splice(0).map((service) => service.stop("SIGTERM")));
    await redis.stop();
  };
  try {
    for (const wave of clusterServices(redis.url))
      running.push(...(await startServices(wave, CLUSTER_DIR)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { stop };
}
