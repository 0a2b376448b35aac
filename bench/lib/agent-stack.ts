import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freeLoopbackPort } from "@inquiry-hub/test-kit";
import { startServer, stop } from "./processes";
import { startHub } from "./servers";
import type { ServerProcess } from "./servers";

const ROOT = new URL("../../", import.meta.url).pathname;
/** `npm start`'s approval-proxy config; only its upstream URL is moved to the bench's port. */
const PROXY_CONFIG = `${ROOT}config/proxy.example.json`;
const AGENT_READY = /"msg":"agent listening"/;
const DEMO_TOOLS_READY = /"msg":"demo-tools MCP server listening"/;

/** The built product an agent suite talks to: one hub, demo-tools, one or more agent nodes. */
export interface AgentStack {
  hub: ServerProcess;
  demoTools: ServerProcess;
  agents: ServerProcess[];
  /** Stops every process of the stack and removes its temp folder; safe after a failed start. */
  stop(): Promise<void>;
}

/** Where the agents keep runs: LMDB in a temp folder per node (`npm start`), or one Redis. */
export type AgentRunStore = { kind: "embedded" } | { kind: "redis"; url: string };

/** `PROXY_CONFIG` with its upstream pointed at `demoToolsUrl`, written into `dir`. */
function writeProxyConfig(dir: string, demoToolsUrl: string): string {
  const text = readFileSync(PROXY_CONFIG, "utf8").replace(
    /http:\/\/127\.0\.0\.1:\d+\/mcp/,
    demoToolsUrl,
  );
  if (!text.includes(demoToolsUrl)) throw new Error(`${PROXY_CONFIG}: no upstream URL to move`);
  const file = path.join(dir, "proxy.json");
  writeFileSync(file, text);
  return file;
}

async function startDemoTools(dir: string, token: string): Promise<ServerProcess> {
  const port = await freeLoopbackPort();
  const { child } = await startServer({
    name: "demo-tools",
    script: `${ROOT}apps/demo-tools/dist/main.js`,
    built: true,
    cwd: `${ROOT}apps/demo-tools`,
    env: {
      DEMO_TOOLS_PORT: String(port),
      DEMO_TOOLS_SANDBOX_DIR: path.join(dir, "sandbox"),
      DEMO_TOOLS_TOKEN: token,
    },
    ready: DEMO_TOOLS_READY,
  });
  return { url: new URL(`http://127.0.0.1:${port}/mcp`), pid: child.pid!, child };
}

async function startAgent(
  name: string,
  hubUrl: URL,
  store: AgentRunStore,
  dir: string,
): Promise<ServerProcess> {
  const port = await freeLoopbackPort();
  const storeEnv: Record<string, string> =
    store.kind === "redis"
      ? { REDIS_URL: store.url }
      : { AGENT_STORE: "embedded", AGENT_DATA_DIR: path.join(dir, `${name}-data`) };
  const { child } = await startServer({
    name,
    script: `${ROOT}apps/agent/dist/main.js`,
    built: true,
    cwd: `${ROOT}apps/agent`,
    env: {
      AGENT_PORT: String(port),
      AGENT_HOST: "127.0.0.1",
      HUB_MCP_URL: new URL("/mcp", hubUrl).href,
      DEMO_TOOLS_MCP_URL: new URL("/proxy/demo/mcp", hubUrl).href,
      ...storeEnv,
    },
    ready: AGENT_READY,
  });
  return { url: new URL(`http://127.0.0.1:${port}`), pid: child.pid!, child };
}

/**
 * Starts the product as `npm start` runs it, from the built bundles (`npm run build` first):
 * demo-tools with a fresh token, the hub (embedded store, the approval proxy in front of
 * demo-tools, `hubEnv` added) and `agentNodes` agents whose tools go through the proxy. All on
 * loopback, all data in one temp folder removed by `stop()`.
 */
export async function startAgentStack(options: {
  agentNodes: number;
  store: AgentRunStore;
  hubEnv?: Record<string, string>;
}): Promise<AgentStack> {
  const dir = mkdtempSync(path.join(tmpdir(), "bench-agent-stack-"));
  const started: ServerProcess[] = [];
  /**
   * Reverse start order, agents first: an agent that just ended a run still reports to the
   * hub (it revokes the run's credential), which must be up to answer.
   */
  const stopStack = async (): Promise<void> => {
    const [demoTools, hub, ...agents] = started;
    await Promise.all(agents.map((agent) => stop(agent.child)));
    for (const server of [hub, demoTools]) if (server !== undefined) await stop(server.child);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const token = randomBytes(32).toString("base64url");
    const demoTools = await startDemoTools(dir, token);
    started.push(demoTools);
    const hub = await startHub({
      env: {
        PROXY_CONFIG_PATH: writeProxyConfig(dir, demoTools.url.href),
        DEMO_TOOLS_TOKEN: token,
        ...options.hubEnv,
      },
    });
    started.push(hub);
    const agents: ServerProcess[] = [];
    for (let node = 0; node < options.agentNodes; node += 1) {
      const agent = await startAgent(`agent${node}`, hub.url, options.store, dir);
      started.push(agent);
      agents.push(agent);
    }
    return { hub, demoTools, agents, stop: stopStack };
  } catch (error) {
    await stopStack();
    throw error;
  }
}
