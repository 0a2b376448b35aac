import { spawn } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { QUIET_ENV } from "./browser";
import { E2E_PROXY_CONFIG, E2E_SANDBOX_DIR } from "./sandbox";

const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The four services of the product, each a process the durable suite can kill and start. */
export type ServiceName = "demoTools" | "hub" | "agent" | "web";

/** Ports of one product the suite runs itself. */
export interface ProductPorts {
  web: number;
  hub: number;
  agent: number;
  demoTools: number;
}

interface ServiceSpec {
  cwd: string;
  command: string[];
  env: Record<string, string>;
  /** Answers 2xx once the service serves requests. */
  readyUrl: string;
}

/**
 * The suite's proxy config with the upstream moved to `demoToolsPort`, written into `dir`
 * (config/proxy.e2e.json names the main suite's demo-tools port).
 */
export function writeProxyConfig(dir: string, demoToolsPort: number): string {
  const upstream = `http://127.0.0.1:${demoToolsPort}/mcp`;
  const text = readFileSync(E2E_PROXY_CONFIG, "utf8").replace(
    /http:\/\/127\.0\.0\.1:\d+\/mcp/,
    upstream,
  );
  if (!text.includes(upstream)) throw new Error(`${E2E_PROXY_CONFIG}: no upstream URL to move`);
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "proxy.json");
  writeFileSync(file, text);
  return file;
}

/** Next's CLI wherever npm placed it for the web workspace (hoisted or not). */
function nextCli(): string {
  const webPackage = path.join(REPO_ROOT, "apps/web/package.json");
  return createRequire(webPackage).resolve("next/dist/bin/next");
}

function specs(ports: ProductPorts, dir: string): Record<ServiceName, ServiceSpec> {
  const hubUrl = `http://127.0.0.1:${ports.hub}`;
  const webUrl = `http://localhost:${ports.web}`;
  const demoToolsToken = randomBytes(32).toString("base64url");
  const node = ["node", "--enable-source-maps", "dist/main.js"];
  return {
    demoTools: {
      cwd: path.join(REPO_ROOT, "apps/demo-tools"),
      command: node,
      env: {
        DEMO_TOOLS_PORT: String(ports.demoTools),
        DEMO_TOOLS_SANDBOX_DIR: E2E_SANDBOX_DIR,
        DEMO_TOOLS_TOKEN: demoToolsToken,
      },
      readyUrl: `http://127.0.0.1:${ports.demoTools}/health`,
    },
    hub: {
      cwd: path.join(REPO_ROOT, "apps/hub"),
      command: node,
      env: {
        HUB_PORT: String(ports.hub),
        HUB_TIMEOUT_GRACE_SECONDS: "30",
        HUB_CORS_ORIGINS: webUrl,
        HUB_WEB_PUBLIC_URL: webUrl,
        HUB_DATA_DIR: path.join(dir, "hub-data"),
        PROXY_CONFIG_PATH: writeProxyConfig(dir, ports.demoTools),
        DEMO_TOOLS_TOKEN: demoToolsToken,
      },
      readyUrl: `${hubUrl}/api/health`,
    },
    agent: {
      cwd: path.join(REPO_ROOT, "apps/agent"),
      command: node,
      env: {
        AGENT_PORT: String(ports.agent),
        HUB_TIMEOUT_GRACE_SECONDS: "30",
        AGENT_MCP_TIMEOUT_SECONDS: "180",
        HUB_MCP_URL: `${hubUrl}/mcp`,
        DEMO_TOOLS_MCP_URL: `${hubUrl}/proxy/demo/mcp`,
        AGENT_DATA_DIR: path.join(dir, "agent-data"),
      },
      readyUrl: `http://127.0.0.1:${ports.agent}/health`,
    },
    web: {
      cwd: path.join(REPO_ROOT, "apps/web"),
      command: ["node", nextCli(), "start", "-p", String(ports.web)],
      env: {
        AGENT_URL: `http://127.0.0.1:${ports.agent}`,
        HUB_URL: hubUrl,
        HUB_PUBLIC_URL: hubUrl,
      },
      readyUrl: `${webUrl}/login`,
    },
  };
}

async function waitUntilReady(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited (${child.exitCode})`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

function waitForExit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** One product run by a test: start, kill -9, stop and start each service on its own. */
export interface ProductProcesses {
  readonly webUrl: string;
  readonly hubUrl: string;
  start(name: ServiceName): Promise<void>;
  /** `kill -9`: no shutdown handler runs, nothing is flushed or released. */
  kill(name: ServiceName): Promise<void>;
  /** SIGTERM and wait: the service's clean shutdown. */
  stop(name: ServiceName): Promise<void>;
  startAll(): Promise<void>;
  stopAll(): Promise<void>;
}

/**
 * The whole product as built by `npm run build` (what `npm start` runs), on `ports`, with its
 * embedded stores under `dir` (emptied first). Output goes to `<dir>/<service>.log`.
 */
export function productProcesses(ports: ProductPorts, dir: string): ProductProcesses {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const all = specs(ports, dir);
  const running = new Map<ServiceName, ChildProcess>();
  const order: ServiceName[] = ["demoTools", "hub", "agent", "web"];

  async function start(name: ServiceName): Promise<void> {
    if (running.has(name)) return;
    const spec = all[name];
    const [command = "node", ...args] = spec.command;
    const log = path.join(dir, `${name}.log`);
    const child = spawn(command, args, {
      cwd: spec.cwd,
      env: { ...process.env, ...QUIET_ENV, LOG_LEVEL: "warn", ...spec.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const append = (chunk: Buffer): void => writeFileSync(log, chunk, { flag: "a" });
    child.stdout?.on("data", append);
    child.stderr?.on("data", append);
    running.set(name, child);
    await waitUntilReady(spec.readyUrl, child, name === "web" ? 120_000 : 30_000);
  }

  async function signal(name: ServiceName, kind: NodeJS.Signals): Promise<void> {
    const child = running.get(name);
    if (child === undefined) return;
    running.delete(name);
    child.kill(kind);
    await waitForExit(child);
  }

  return {
    webUrl: `http://localhost:${ports.web}`,
    hubUrl: `http://127.0.0.1:${ports.hub}`,
    start,
    kill: (name) => signal(name, "SIGKILL"),
    stop: (name) => signal(name, "SIGTERM"),
    async startAll() {
      for (const name of order) await start(name);
    },
    async stopAll() {
      for (const name of [...order].reverse()) await signal(name, "SIGTERM");
    },
  };
}
