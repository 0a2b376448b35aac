import { access, mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDemoToolsServer, loadOrCreateToken } from "@inquiry-hub/demo-tools";
import type { DemoToolsServer } from "@inquiry-hub/demo-tools";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Hub, HubConfig, HubOverrides } from "../../src/index";
import type {
  ApprovalAuditEntry,
  ApprovalBatchAuditEntry,
} from "../../src/features/approvals/audit-log";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { callUntilOpened, startTestHub } from "../helpers";
import type { OpenedCall } from "../helpers";
import type { DeviceSockets } from "../socket-helpers";

/**
 * The real hub (createHub on port 0) with the approval proxy configured in front of a real
 * demo-tools server (bearer token in a temp file the proxy config references, as in
 * config/proxy.example.json) whose sandbox is a temp folder, so every decision is proven by the file
 * the upstream wrote or did not write.
 */
export interface ProxyHarness {
  hub: Hub;
  hubUrl: URL;
  sandboxDir: string;
  audit: ApprovalAuditEntry[];
  /** Every group decision ("Approve all") the hub audited. */
  batchAudit: ApprovalBatchAuditEntry[];
  /** Socket.IO devices on the hub, disconnected by `close`. */
  devices: DeviceSockets;
  registerUser(): Promise<string>;
  /** An official MCP SDK client on `/proxy/demo/mcp` with the user's token; `query` e.g. `?yolo=1`. */
  connectAgent(token: string, query?: string): Promise<Client>;
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

/** A real demo-tools server on port 0 and the proxy config naming it `demo`. */
export interface DemoUpstream {
  proxy: ReturnType<typeof parseProxyConfig>;
  sandboxDir: string;
  stop(): Promise<void>;
  /** Stops the server and removes its temp folder. */
  close(): Promise<void>;
}

/** Starts demo-tools (sandbox and token file in a temp folder) with `tools` as its policy. */
export async function startDemoUpstream(tools: Record<string, unknown>): Promise<DemoUpstream> {
  const root = await mkdtemp(path.join(tmpdir(), "proxy-test-"));
  const sandboxDir = path.join(root, "sandbox");
  const tokenFile = path.join(root, "demo-tools-token");
  const bearerToken = await loadOrCreateToken(tokenFile);
  const upstream: DemoToolsServer = createDemoToolsServer({ sandboxDir, bearerToken });
  const upstreamUrl = await listen(upstream.httpServer);
  const proxy = parseProxyConfig({
    upstreams: {
      demo: {
        url: new URL("/mcp", upstreamUrl).href,
        headers: { authorization: { prefix: "Bearer ", file: tokenFile } },
        timeout_seconds: 2,
        requires_approval_note: "May wait for a person's approval.",
        tools,
      },
    },
  });
  return {
    proxy,
    sandboxDir,
    stop: () => upstream.close(),
    async close() {
      await upstream.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** `deps` replaces stores, e.g. accounts and teams kept from an earlier hub (a restart). */
export async function startProxyHarness(
  tools: Record<string, unknown>,
  overrides: Partial<HubConfig> = {},
  deps: HubOverrides = {},
): Promise<ProxyHarness> {
  const { proxy, sandboxDir, ...upstream } = await startDemoUpstream(tools);
  const audit: ApprovalAuditEntry[] = [];
  const batchAudit: ApprovalBatchAuditEntry[] = [];
  const testHub = await startTestHub(
    { proxy, ...overrides },
    {
      ...deps,
      approvalAudit: (entry) => {
        if (entry.event === "approval.batch") batchAudit.push(entry);
        else audit.push(entry);
      },
    },
  );
  const hubUrl = testHub.url;
  const clients: Client[] = [];

  return {
    hub: testHub.hub,
    hubUrl,
    sandboxDir,
    audit,
    batchAudit,
    devices: testHub.devices,
    async registerUser() {
      return (await testHub.registerUser("proxy")).token;
    },
    async connectAgent(token, query = "") {
      const client = new Client({ name: "proxy-test-agent", version: "1.0.0" });
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`/proxy/demo/mcp${query}`, hubUrl), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      return client;
    },
    answer(token, inquiryId, body) {
      return testHub.request(`/api/inquiries/${inquiryId}/answer`, { token, body });
    },
    stopUpstream: () => upstream.stop(),
    async close() {
      await Promise.allSettled(clients.map((client) => client.close()));
      await testHub.close();
      await upstream.close();
    },
  };
}

/** Whether `file` exists: what the upstream wrote, or did not, proves each decision. */
export async function fileExists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

/** Starts a gated call on the proxy and waits for its APPROVAL notification. */
export function gatedCall(
  agent: Client,
  name: string,
  args: Record<string, unknown>,
): Promise<OpenedCall> {
  return callUntilOpened(agent, { name, arguments: args }, "APPROVAL", {
    resetTimeoutOnProgress: true,
  });
}
