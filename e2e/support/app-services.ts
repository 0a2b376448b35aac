import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { E2E_PROXY_CONFIG } from "./sandbox";
import type { ServiceSpec } from "./service-process";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The product's Node apps, each run from its build as `npm start` runs it. */
export type NodeApp = "hub" | "agent" | "demo-tools";

const PORT_VARIABLE: Record<NodeApp, string> = {
  hub: "HUB_PORT",
  agent: "AGENT_PORT",
  "demo-tools": "DEMO_TOOLS_PORT",
};

const READY_PATH: Record<NodeApp, string> = {
  hub: "/api/health",
  agent: "/health",
  "demo-tools": "/health",
};

/** `app`'s built server (`dist/main.js`) named `name`, on `port`, with `env` on top. */
export function nodeAppService(
  app: NodeApp,
  name: string,
  port: number,
  env: Record<string, string>,
): ServiceSpec {
  return {
    name,
    cwd: path.join(REPO_ROOT, "apps", app),
    command: ["node", "--enable-source-maps", "dist/main.js"],
    env: { [PORT_VARIABLE[app]]: String(port), ...env },
    readyUrl: `http://127.0.0.1:${port}${READY_PATH[app]}`,
  };
}

/** Next's CLI wherever npm placed it for the web workspace (hoisted or not). */
function nextCli(): string {
  const webPackage = path.join(REPO_ROOT, "apps/web/package.json");
  return createRequire(webPackage).resolve("next/dist/bin/next");
}

/** The built web app (`next start`) named `name`, on `port`, with `env` on top. */
export function webService(name: string, port: number, env: Record<string, string>): ServiceSpec {
  return {
    name,
    cwd: path.join(REPO_ROOT, "apps/web"),
    command: ["node", nextCli(), "start", "-p", String(port)],
    env,
    readyUrl: `http://localhost:${port}/login`,
  };
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
