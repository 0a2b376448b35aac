import { mkdtemp, readFile, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { createDemoToolsServer } from "@inquiry-hub/demo-tools";
import { startHubWithPerson } from "@inquiry-hub/test-kit";
import type { HubWithPerson } from "@inquiry-hub/test-kit";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { startExample } from "./support/example-process";

const EXAMPLES_ROOT = fileURLToPath(new URL("..", import.meta.url));
/** The docs page that shows the snippets (docs/guide/connect-your-agent.md). */
const CONNECT_PAGE = path.join(EXAMPLES_ROOT, "..", "docs", "guide", "connect-your-agent.md");

const readSnippet = (name: string): Promise<string> =>
  readFile(path.join(EXAMPLES_ROOT, "src", "connect", name), "utf8");

/** The `mcpServers` entry as Cursor and the other desktop clients read it. */
const McpServersSchema = z.object({
  mcpServers: z.object({
    "inquiry-hub": z.object({ url: z.url(), headers: z.object({ Authorization: z.string() }) }),
  }),
});

async function listen(server: Server): Promise<URL> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
}

/** Docs "Connect your agent": each snippet is a file here, shown verbatim and run for real. */
describe("Connect your agent snippets", () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function hubWithPerson(
    ...args: Parameters<typeof startHubWithPerson>
  ): Promise<HubWithPerson> {
    const hub = await startHubWithPerson(...args);
    cleanups.push(() => hub.close());
    return hub;
  }

  it("shows every snippet on the docs page exactly as it is tested", async () => {
    const page = await readFile(CONNECT_PAGE, "utf8");
    for (const name of [
      "mcp-servers.json",
      "official-sdk-client.ts",
      "langchain-mcp-adapters.ts",
      "proxy.json",
      "proxied-tool-call.ts",
    ])
      expect(page, name).toContain((await readSnippet(name)).trim());
  });

  it("the mcpServers entry reaches send_inquiry with the key in its Authorization header", async () => {
    const hub = await hubWithPerson();
    const entry = McpServersSchema.parse(JSON.parse(await readSnippet("mcp-servers.json")))
      .mcpServers["inquiry-hub"];
    const client = new Client({ name: "desktop-client", version: "1.0.0" });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(new URL(entry.url).pathname, hub.hubUrl), {
        requestInit: {
          headers: {
            Authorization: entry.headers.Authorization.replace("<your agent key>", hub.agentKey),
          },
        },
      }),
    );
    cleanups.push(() => client.close());
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toContain("send_inquiry");
  });

  for (const snippet of ["official-sdk-client.ts", "langchain-mcp-adapters.ts"])
    it(`${snippet} asks the person and prints their answer`, async () => {
      const hub = await hubWithPerson();
      const agent = startExample(`src/connect/${snippet}`, {
        HUB_MCP_URL: hub.mcpUrl.href,
        HUB_AGENT_KEY: hub.agentKey,
      });
      cleanups.push(() => agent.crash());
      const card = await hub.phone.nextCard();
      expect(card).toMatchObject({ question: "Which city?", options: ["Paris", "Rome"] });
      expect(
        await hub.phone.decide(card.id, { action: "answer", response: "Rome" }),
      ).toHaveProperty("data");
      await agent.printed("Rome");
      expect(await agent.exited()).toBe(0);
    });

  it("proxied-tool-call.ts runs the upstream's write_file once the phone approves it", async () => {
    const sandboxDir = await mkdtemp(path.join(tmpdir(), "connect-proxy-"));
    cleanups.push(() => rm(sandboxDir, { recursive: true, force: true }));
    const upstream = createDemoToolsServer({ sandboxDir });
    const upstreamUrl = await listen(upstream.httpServer);
    cleanups.push(() => upstream.close());
    const config = JSON.parse(await readSnippet("proxy.json")) as {
      upstreams: { files: { url: string } };
    };
    config.upstreams.files.url = new URL("/mcp", upstreamUrl).href;
    const hub = await hubWithPerson({ proxyConfig: config });
    const agent = startExample("src/connect/proxied-tool-call.ts", {
      HUB_PROXY_URL: new URL("/proxy/files/mcp", hub.hubUrl).href,
      HUB_AGENT_KEY: hub.agentKey,
    });
    cleanups.push(() => agent.crash());
    const card = await hub.phone.nextApproval();
    expect(card.approval).toMatchObject({
      upstream: "files",
      tool: "write_file",
      arguments: { path: "notes.txt", content: "hello" },
      description: "Write notes.txt?",
    });
    expect(await hub.phone.decide(card.id, { action: "approve" })).toHaveProperty("data");
    expect(await agent.exited()).toBe(0);
    expect(await readFile(path.join(sandboxDir, "notes.txt"), "utf8")).toBe("hello");
  });
});
