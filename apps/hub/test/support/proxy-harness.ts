import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { AuthResponseSchema } from "@inquiry-hub/protocol";
import { createDemoToolsServer } from "@inquiry-hub/demo-tools";
import type { DemoToolsServer } from "@inquiry-hub/demo-tools";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createHub, DEFAULT_HUB_CONFIG } from "../../src/index";
import type { Hub, HubConfig } from "../../src/index";
import type { ApprovalAuditEntry } from "../../src/proxy/audit-log";
import { parseProxyConfig } from "../../src/proxy/load-proxy-config";

/**
 * The real hub (createHub on port 0) with the approval proxy configured in front of a real
 * demo-tools server whose sandbox is a temp folder, so every decision is proven by the file
 * the upstream wrote or did not write.
 */
export interface ProxyHarness {
  hub: Hub;
  hubUrl: URL;
  sandboxDir: string;
  audit: ApprovalAuditEntry[];
  registerUser(): Promise<string>;
  /** An official MCP SDK client on `/proxy/demo/mcp` with the user's token. */
  connectAgent(token: string): Promise<Client>;
  /** POSTs an answer to the hub's `/api/inquiries/:id/answer`. */
  answer(token: string, inquiryId: string, body: unknown): Promise<Response>;
  stopUpstream(): Promise<void>;
  close(): Promise<void>;
}

function listen(server: Server): Promise<URL> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      resolve(new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
    });
  });
}

export async function startProxyHarness(
  tools: Record<string, unknown>,
  overrides: Partial<HubConfig> = {},
): Promise<ProxyHarness> {
  const root = await mkdtemp(path.join(tmpdir(), "proxy-test-"));
  const sandboxDir = path.join(root, "sandbox");
  const upstream: DemoToolsServer = createDemoToolsServer({ sandboxDir });
  const upstreamUrl = await listen(upstream.httpServer);

  const proxy = parseProxyConfig({
    upstreams: {
      demo: {
        url: new URL("/mcp", upstreamUrl).href,
        timeout_seconds: 2,
        requires_approval_note: "May wait for a person's approval.",
        tools,
      },
    },
  });
  const audit: ApprovalAuditEntry[] = [];
  const hub = createHub(
    { ...DEFAULT_HUB_CONFIG, port: 0, heartbeatSeconds: 0.1, proxy, ...overrides },
    { approvalAudit: (entry) => audit.push(entry) },
  );
  const hubUrl = await hub.listen();
  const clients: Client[] = [];
  let users = 0;

  return {
    hub,
    hubUrl,
    sandboxDir,
    audit,
    async registerUser() {
      users += 1;
      const response = await fetch(new URL("/api/auth/register", hubUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          username: `proxy${users}_${Date.now()}`,
          password: "correct horse battery",
        }),
      });
      return AuthResponseSchema.parse(await response.json()).token;
    },
    async connectAgent(token) {
      const client = new Client({ name: "proxy-test-agent", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL("/proxy/demo/mcp", hubUrl), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      return client;
    },
    answer(token, inquiryId, body) {
      return fetch(new URL(`/api/inquiries/${inquiryId}/answer`, hubUrl), {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify(body),
      });
    },
    stopUpstream: () => upstream.close(),
    async close() {
      await Promise.allSettled(clients.map((client) => client.close()));
      await hub.close();
      await upstream.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
