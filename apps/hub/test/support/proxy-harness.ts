import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { AuthResponseSchema } from "@inquiry-hub/protocol";
import { createDemoToolsServer } from "@inquiry-hub/demo-tools";
import type { DemoToolsServer } from "@inquiry-hub/demo-tools";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { createHub, DEFAULT_HUB_CONFIG } from "../../src/index";
import type { Hub, HubConfig } from "../../src/index";
import { createAuthService } from "../../src/core/auth-service";
import { createDeviceService } from "../../src/core/device-service";
import { createMemoryDevicePresence } from "../../src/infra/memory/memory-device-presence";
import { createMemoryDeviceStore } from "../../src/infra/memory/memory-device-store";
import {
  createMemoryTokenStore,
  createMemoryUserStore,
} from "../../src/infra/memory/memory-user-store";
import { createAuthenticate } from "../../src/transport/http/authenticate";
import { createErrorHandler, notFoundHandler } from "../../src/transport/http/error-response";
import { createInquiryRoutes } from "../../src/transport/http/inquiry-routes";
import { createApprovalProxies } from "../../src/proxy/approval-proxies";
import type { ApprovalAuditEntry } from "../../src/proxy/audit-log";
import { parseProxyConfig } from "../../src/proxy/load-proxy-config";

/**
 * A real hub (createHub, port 0) plus a "front" express app on its own port that mounts the
 * approval proxy next to the hub's services, wired the way app.ts should wire it:
 * `/proxy/:name/mcp` behind the real bearer authentication, and `/api/inquiries` answering
 * through `proxies.guardAnswers(hub.inquiries)`. Both apps share the user, token and device
 * stores, so a token the hub issues works on the front. A real demo-tools server with a temp
 * sandbox is the upstream. Once app.ts mounts the proxy, the front app can go.
 */
export interface ProxyHarness {
  hub: Hub;
  hubUrl: URL;
  /** The app serving `/proxy/demo/mcp` and the guarded `/api/inquiries`. */
  frontUrl: URL;
  sandboxDir: string;
  audit: ApprovalAuditEntry[];
  registerUser(): Promise<string>;
  /** An official MCP SDK client on `/proxy/demo/mcp` with the user's token. */
  connectAgent(token: string): Promise<Client>;
  /** POSTs an answer; `via: "hub"` uses the hub's own (unguarded) route. */
  answer(token: string, inquiryId: string, body: unknown, via?: "hub" | "front"): Promise<Response>;
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

  const stores = {
    userStore: createMemoryUserStore(),
    tokenStore: createMemoryTokenStore(),
    deviceStore: createMemoryDeviceStore(),
    devicePresence: createMemoryDevicePresence(),
  };
  const config = { ...DEFAULT_HUB_CONFIG, port: 0, heartbeatSeconds: 0.1, ...overrides };
  const hub = createHub(config, stores);
  const hubUrl = await hub.listen();

  const devices = createDeviceService({
    store: stores.deviceStore,
    presence: stores.devicePresence,
  });
  const auth = createAuthService({ users: stores.userStore, tokens: stores.tokenStore, devices });
  const authenticate = createAuthenticate(auth, devices);
  const audit: ApprovalAuditEntry[] = [];
  const proxies = createApprovalProxies({
    config: parseProxyConfig({
      upstreams: {
        demo: {
          url: new URL("/mcp", upstreamUrl).href,
          timeout_seconds: 2,
          requires_approval_note: "May wait for a person's approval.",
          tools,
        },
      },
    }),
    inquiries: hub.inquiries,
    authenticate,
    heartbeatMs: 100,
    idleMs: 60_000,
    audit: (entry) => audit.push(entry),
  });
  const app = express();
  app.use(express.json());
  app.use(proxies.router);
  app.use("/api/inquiries", authenticate, createInquiryRoutes(proxies.guardAnswers(hub.inquiries)));
  app.use(notFoundHandler);
  app.use(createErrorHandler(config.jsonBodyLimitBytes));
  const front = createServer(app);
  const frontUrl = await listen(front);
  const clients: Client[] = [];
  let users = 0;

  return {
    hub,
    hubUrl,
    frontUrl,
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
        new StreamableHTTPClientTransport(new URL("/proxy/demo/mcp", frontUrl), {
          requestInit: { headers: { Authorization: `Bearer ${token}` } },
        }),
      );
      clients.push(client);
      return client;
    },
    answer(token, inquiryId, body, via = "hub") {
      return fetch(
        new URL(`/api/inquiries/${inquiryId}/answer`, via === "hub" ? hubUrl : frontUrl),
        {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
          body: JSON.stringify(body),
        },
      );
    },
    stopUpstream: () => upstream.close(),
    async close() {
      await Promise.allSettled(clients.map((client) => client.close()));
      await proxies.close();
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        front.closeAllConnections();
      });
      await hub.close();
      await upstream.close();
      await rm(root, { recursive: true, force: true });
    },
  };
}
