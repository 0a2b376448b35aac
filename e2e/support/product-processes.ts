import { randomBytes } from "node:crypto";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { nodeAppService, webService, writeProxyConfig } from "./app-services";
import { E2E_SANDBOX_DIR } from "./sandbox";
import { startService } from "./service-process";
import type { RunningService, ServiceSpec } from "./service-process";

/** The four services of the product, each a process a test can kill and start. */
export type ServiceName = "demoTools" | "hub" | "agent" | "web";

/** Ports of one product a test runs itself. */
export interface ProductPorts {
  web: number;
  hub: number;
  agent: number;
  demoTools: number;
}

/** Variables a test adds to a service's environment, on top of the product's own. */
export type ExtraEnv = Partial<Record<ServiceName, Record<string, string>>>;

function specs(
  ports: ProductPorts,
  dir: string,
  extra: ExtraEnv,
): Record<ServiceName, ServiceSpec> {
  const hubUrl = `http://127.0.0.1:${ports.hub}`;
  const webUrl = `http://localhost:${ports.web}`;
  const demoToolsToken = randomBytes(32).toString("base64url");
  // What no other variable places stays in the product's folder, away from a developer's own.
  const state = { INQUIRY_HUB_DATA_DIR: path.join(dir, "state") };
  return {
    demoTools: nodeAppService("demo-tools", "demoTools", ports.demoTools, {
      ...state,
      DEMO_TOOLS_SANDBOX_DIR: E2E_SANDBOX_DIR,
      DEMO_TOOLS_TOKEN: demoToolsToken,
      ...extra.demoTools,
    }),
    hub: nodeAppService("hub", "hub", ports.hub, {
      ...state,
      HUB_TIMEOUT_GRACE_SECONDS: "30",
      HUB_CORS_ORIGINS: webUrl,
      HUB_WEB_PUBLIC_URL: webUrl,
      HUB_DATA_DIR: path.join(dir, "hub-data"),
      PROXY_CONFIG_PATH: writeProxyConfig(dir, ports.demoTools),
      DEMO_TOOLS_TOKEN: demoToolsToken,
      ...extra.hub,
    }),
    agent: nodeAppService("agent", "agent", ports.agent, {
      ...state,
      HUB_TIMEOUT_GRACE_SECONDS: "30",
      AGENT_MCP_TIMEOUT_SECONDS: "180",
      HUB_MCP_URL: `${hubUrl}/mcp`,
      DEMO_TOOLS_MCP_URL: `${hubUrl}/proxy/demo/mcp`,
      AGENT_DATA_DIR: path.join(dir, "agent-data"),
      ...extra.agent,
    }),
    web: webService("web", ports.web, {
      AGENT_URL: `http://127.0.0.1:${ports.agent}`,
      HUB_URL: hubUrl,
      HUB_PUBLIC_URL: hubUrl,
      ...extra.web,
    }),
  };
}

/** Started first and stopped last: what the agent and the web call. */
const BACKENDS: readonly ServiceName[] = ["demoTools", "hub"];
/** Started once the backends answer, stopped first. */
const FRONTS: readonly ServiceName[] = ["agent", "web"];

/** One product run by a test: start, kill -9, stop and start each service on its own. */
export interface ProductProcesses {
  readonly webUrl: string;
  readonly hubUrl: string;
  start(name: ServiceName): Promise<void>;
  /** Starts `names` side by side; resolves once all answer, rejects once all have tried. */
  startTogether(names: readonly ServiceName[]): Promise<void>;
  /** `kill -9`: no shutdown handler runs, nothing is flushed or released. */
  kill(name: ServiceName): Promise<void>;
  /** SIGTERM and wait: the service's clean shutdown. */
  stop(name: ServiceName): Promise<void>;
  /** demo-tools and the hub together, then the agent (which calls the hub) and the web. */
  startAll(): Promise<void>;
  stopAll(): Promise<void>;
}

/**
 * The whole product as built by `npm run build` (what `npm start` runs), on `ports`, with its
 * embedded stores under `dir` (emptied first) and `extra` in its services' environments.
 * Output goes to `<dir>/<service>.log`.
 */
export function productProcesses(
  ports: ProductPorts,
  dir: string,
  extra: ExtraEnv = {},
): ProductProcesses {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const all = specs(ports, dir, extra);
  const running = new Map<ServiceName, RunningService>();

  async function start(name: ServiceName): Promise<void> {
    if (!running.has(name)) running.set(name, await startService(all[name], dir));
  }

  /** Starts `names` side by side; the ones that started stay running when one fails. */
  async function startTogether(names: readonly ServiceName[]): Promise<void> {
    const results = await Promise.allSettled(names.map(start));
    const failure = results.find((result) => result.status === "rejected");
    if (failure !== undefined) throw failure.reason;
  }

  async function signal(name: ServiceName, kind: NodeJS.Signals): Promise<void> {
    const service = running.get(name);
    if (service === undefined) return;
    running.delete(name);
    await service.stop(kind);
  }

  const stopTogether = (names: readonly ServiceName[]) =>
    Promise.all(names.map((name) => signal(name, "SIGTERM")));

  return {
    webUrl: `http://localhost:${ports.web}`,
    hubUrl: `http://127.0.0.1:${ports.hub}`,
    start,
    startTogether,
    kill: (name) => signal(name, "SIGKILL"),
    stop: (name) => signal(name, "SIGTERM"),
    async startAll() {
      await startTogether(BACKENDS);
      await startTogether(FRONTS);
    },
    async stopAll() {
      await stopTogether(FRONTS);
      await stopTogether(BACKENDS);
    },
  };
}
