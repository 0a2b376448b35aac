import { lstat, mkdtemp, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { AuthResponseSchema } from "@inquiry-hub/protocol";
import { HUB_LISTENING_LINE, freeLoopbackPort } from "@inquiry-hub/test-kit";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPOSITORY_ROOT, startEntryPoint } from "../support/entry-point-process";
import type { EntryPointProcess } from "../support/entry-point-process";
import { RAW_INITIALIZE_REQUEST } from "../helpers";
import { mcpHeaders } from "../support/raw-requests";

/**
 * Issue 31: an agent running as the hub's OS user read `.data/demo-tools-token` in the
 * checkout it was working in and called demo-tools directly, past the gate; the hub's store
 * and secrets sat beside it, created 755/644. Here the hub and demo-tools start from their
 * entry points as `npm start` runs them, with INQUIRY_HUB_DATA_DIR on a fresh temp folder.
 */

const CHECKOUT_STATE = path.join(REPOSITORY_ROOT, ".data");
const DEMO_TOOLS_READY = /"msg":"demo-tools MCP server listening"/;

/** Every path under `root` (relative), folders first; [] when `root` does not exist. */
async function listTree(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true }).catch(() => []);
  return entries.sort();
}

/** The small files under the checkout's `.data`: where an agent in the repository looks. */
async function secretsAnAgentFindsInTheCheckout(): Promise<string[]> {
  const found: string[] = [];
  for (const entry of await listTree(CHECKOUT_STATE)) {
    const file = path.join(CHECKOUT_STATE, entry);
    const stats = await lstat(file);
    if (stats.isFile() && stats.size <= 256) found.push((await readFile(file, "utf8")).trim());
  }
  return found;
}

/** What demo-tools answers an MCP initialize carrying `token`. */
async function initializeStatus(port: number, token: string): Promise<number> {
  const response = await fetch(`http://127.0.0.1:${port}/mcp`, {
    method: "POST",
    headers: mcpHeaders(token),
    body: JSON.stringify(RAW_INITIALIZE_REQUEST),
  });
  await response.body?.cancel();
  return response.status;
}

describe("state files: outside the checkout, readable only by their OS user", () => {
  let root: string;
  let dataDir: string;
  let checkoutBefore: string[];
  let demoToolsPort: number;
  let demoTools: EntryPointProcess;
  let hub: EntryPointProcess;

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), "redteam-state-files-"));
    dataDir = path.join(root, "inquiry-hub");
    checkoutBefore = await listTree(CHECKOUT_STATE);
    demoToolsPort = await freeLoopbackPort();
    const example = await readFile(path.join(REPOSITORY_ROOT, "config/proxy.example.json"), "utf8");
    const proxyConfig = path.join(root, "proxy.json");
    await writeFile(proxyConfig, example.replace(":4200/", `:${demoToolsPort}/`));
    const env = { INQUIRY_HUB_DATA_DIR: dataDir, LOG_LEVEL: "info" };
    demoTools = await startEntryPoint(
      "demo-tools",
      { ...env, DEMO_TOOLS_PORT: String(demoToolsPort) },
      DEMO_TOOLS_READY,
    );
    hub = await startEntryPoint(
      "hub",
      { ...env, HUB_PORT: "0", HUB_HOST: "127.0.0.1", PROXY_CONFIG_PATH: proxyConfig },
      HUB_LISTENING_LINE,
    );
  }, 90_000);

  afterAll(async () => {
    await Promise.allSettled([hub?.stop(), demoTools?.stop()]);
    await rm(root, { recursive: true, force: true });
  });

  it("creates the store, the channel secrets and the token in the data directory, folders 0700 and files 0600", async () => {
    const created = await listTree(dataDir);
    expect(created).toEqual(
      expect.arrayContaining([
        "demo-tools-token",
        "hub",
        path.join("hub", "channel-secrets.json"),
        path.join("hub", "data.mdb"),
        path.join("hub", "lock.mdb"),
      ]),
    );
    const modes = await Promise.all(
      ["", ...created].map(async (entry) => {
        const stats = await lstat(path.join(dataDir, entry));
        return { entry, folder: stats.isDirectory(), mode: (stats.mode & 0o777).toString(8) };
      }),
    );
    for (const { entry, folder, mode } of modes)
      expect({ entry, mode }).toEqual({ entry, mode: folder ? "700" : "600" });
  });

  it("creates nothing inside the checkout, and says where its state lives", async () => {
    expect(await listTree(CHECKOUT_STATE)).toEqual(checkoutBefore);
    expect(hub.output()).toContain(`"dataDir":${JSON.stringify(path.join(dataDir, "hub"))}`);
    expect(demoTools.output()).toContain(path.join(dataDir, "demo-tools-token"));
  });

  it("an agent in the checkout finds no token demo-tools accepts", async () => {
    const liveToken = (await readFile(path.join(dataDir, "demo-tools-token"), "utf8")).trim();
    const found = await secretsAnAgentFindsInTheCheckout();
    expect(found).not.toContain(liveToken);
    const statuses = await Promise.all(
      found.map((token) => initializeStatus(demoToolsPort, token)),
    );
    expect(statuses.filter((status) => status !== 401)).toEqual([]);
    expect(await initializeStatus(demoToolsPort, liveToken)).toBe(200);
  });

  it("the hub still reaches demo-tools with the token from ${DATA_DIR}/demo-tools-token", async () => {
    const hubUrl = new URL(hub.ready);
    const registered = await fetch(new URL("/api/auth/register", hubUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: `state_${Date.now()}`, password: "correct horse battery" }),
    });
    const { token } = AuthResponseSchema.parse(await registered.json());
    const client = new Client({ name: "state-files", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/proxy/demo/mcp", hubUrl), {
        requestInit: { headers: { Authorization: `Bearer ${token}` } },
      }),
    );
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toContain("write_file");
    } finally {
      await client.close();
    }
  });
});
