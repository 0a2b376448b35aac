import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { HUB_LISTENING_LINE, freeLoopbackPort } from "@inquiry-hub/test-kit";
import { startServiceProcess } from "./service-process";
import type { ServiceProcess } from "./service-process";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** `npm start`'s approval-proxy config, whose `demo` upstream fronts demo-tools. */
const PROXY_CONFIG = path.join(ROOT, "config/proxy.example.json");
const PROXY_NAME = "demo";
const DEMO_TOOLS_READY = /"msg":"demo-tools MCP server listening"/;
/**
 * The runner opens a session per scenario and closes few of them, so one suite holds about 32
 * sessions of one credential, past the caps that stop a runaway client (16 on `/mcp`, 8 per
 * proxy and per upstream). The caps are not under test here; these leave room for a suite.
 */
const SESSION_CAPS = {
  HUB_MCP_SESSIONS_PER_CREDENTIAL: "64",
  HUB_MCP_SESSIONS_PER_USER: "64",
  HUB_PROXY_SESSIONS_PER_CREDENTIAL: "64",
  HUB_PROXY_SESSIONS_PER_USER: "64",
};

/** The hub with its approval proxy in front of demo-tools, as the runner finds it. */
export interface Product {
  /** The hub's origin on loopback, e.g. `http://127.0.0.1:41234`. */
  readonly hubUrl: URL;
  /** The proxy's name in the config: the runner tests `/proxy/<name>/mcp`. */
  readonly proxyName: string;
  /** Stops the hub, then demo-tools, and removes the temp folder; safe after a failed start. */
  stop(): Promise<void>;
}

const ProxyConfigFileSchema = z.looseObject({
  upstreams: z.record(z.string(), z.looseObject({ url: z.string() })),
});

/**
 * `PROXY_CONFIG` with the `PROXY_NAME` upstream at `upstream` and room for the runner's
 * sessions (see `SESSION_CAPS`), written into `dir`; everything else as `npm start` has it.
 */
function writeProxyConfig(dir: string, upstream: string): string {
  const config = ProxyConfigFileSchema.parse(JSON.parse(readFileSync(PROXY_CONFIG, "utf8")));
  const proxied = config.upstreams[PROXY_NAME];
  if (proxied === undefined) throw new Error(`${PROXY_CONFIG}: no upstream "${PROXY_NAME}"`);
  config.upstreams[PROXY_NAME] = { ...proxied, url: upstream, max_connections_per_user: 64 };
  const file = path.join(dir, "proxy.json");
  writeFileSync(file, JSON.stringify(config));
  return file;
}

/**
 * Starts the built product as `npm start` runs it (build first; turbo does before `test`):
 * demo-tools with a fresh token on a free loopback port, then the hub on 127.0.0.1 port 0 with
 * its embedded store and the approval proxy in front of demo-tools. All data lives in one temp
 * folder that `stop()` removes.
 */
export async function startProduct(): Promise<Product> {
  const dir = mkdtempSync(path.join(tmpdir(), "inquiry-hub-conformance-"));
  const started: ServiceProcess[] = [];
  const stop = async (): Promise<void> => {
    for (const service of started.reverse()) await service.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const token = randomBytes(32).toString("base64url");
    const demoToolsPort = await freeLoopbackPort();
    started.push(
      await startServiceProcess({
        name: "demo-tools",
        appDir: path.join(ROOT, "apps/demo-tools"),
        env: {
          DEMO_TOOLS_PORT: String(demoToolsPort),
          DEMO_TOOLS_SANDBOX_DIR: path.join(dir, "sandbox"),
          DEMO_TOOLS_TOKEN: token,
        },
        ready: DEMO_TOOLS_READY,
      }),
    );
    const hub = await startServiceProcess({
      name: "hub",
      appDir: path.join(ROOT, "apps/hub"),
      env: {
        HUB_PORT: "0",
        HUB_HOST: "127.0.0.1",
        HUB_DATA_DIR: path.join(dir, "hub-data"),
        PROXY_CONFIG_PATH: writeProxyConfig(dir, `http://127.0.0.1:${demoToolsPort}/mcp`),
        DEMO_TOOLS_TOKEN: token,
        ...SESSION_CAPS,
      },
      ready: HUB_LISTENING_LINE,
    });
    started.push(hub);
    return { hubUrl: new URL(hub.ready[1] ?? ""), proxyName: PROXY_NAME, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
