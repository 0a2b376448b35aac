import { mkdtemp, rm } from "node:fs/promises";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createDemoToolsServer } from "@inquiry-hub/demo-tools";
import { DEFAULT_HUB_CONFIG, createHub, parseProxyConfig } from "@inquiry-hub/hub";
import type { HubConfig, HubDeps } from "@inquiry-hub/hub";
import { AgentRunCredentialSchema, AuthResponseSchema, InquirySchema } from "@inquiry-hub/protocol";
import type { Inquiry, MintRunBody } from "@inquiry-hub/protocol";
import OpenAI from "openai";
import { createAgentServer } from "../src/index";
import type { AgentConfig } from "../src/index";

/** The real hub, demo-tools and agent, each in-process on a free port. */
export interface Stack {
  agentUrl: URL;
  hubUrl: URL;
  /** The agent's configuration, to start more agents on the same hub and tools. */
  agentConfig: AgentConfig;
  /** The demo tools' sandbox folder, where write_file writes. */
  sandboxDir: string;
  /** Registers a fresh user on the hub and returns their bearer token. */
  registerUser(): Promise<string>;
  /**
   * Mints a chat run's agent credential with the person's token, as the web does for every
   * chat message: the agent runs with it, never with the person's own credential.
   */
  /** A run credential as the web mints one; with `turn`, the conversation turn it reports. */
  mintRunCredential(personToken: string, turn?: MintRunBody["turn"]): Promise<string>;
  /** An official OpenAI client pointed at the agent with the given bearer. */
  openai(token: string): OpenAI;
  answer(token: string, inquiryId: string, body: unknown): Promise<Response>;
  getInquiry(token: string, inquiryId: string): Promise<Inquiry>;
  close(): Promise<void>;
}

async function listenOnFreePort(server: Server): Promise<URL> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return new URL(`http://127.0.0.1:${port}/`);
}

/**
 * Only the token: the hub's register response is growing (devices) while the agent needs
 * nothing else from it.
 */
const RegisteredSchema = AuthResponseSchema.pick({ token: true });

/** How the agent reaches the demo tools. */
export interface StackOptions {
  /**
   * Through the hub's approval proxy (`/proxy/demo/mcp`), as `npm start` wires it: every tool
   * but get_weather waits for a person's decision. Directly to demo-tools otherwise.
   */
  gateDemoTools?: boolean;
}

/**
 * Starts the three servers; call `close()` in `afterAll`. `agentConfig` is merged over the
 * agent's test configuration, e.g. `{ models }` or `{ openai }`; `hubDeps` go to the hub
 * (e.g. its tracing); `hubConfig` is merged over the hub's, whose heartbeat every 0.2 s lands
 * in every waiting run's log unless a test turns it down.
 */
export async function startStack(
  agentConfig: Partial<AgentConfig> = {},
  hubDeps: Partial<HubDeps> = {},
  hubConfig: Partial<HubConfig> = {},
  options: StackOptions = {},
): Promise<Stack> {
  const sandboxDir = await mkdtemp(path.join(tmpdir(), "agent-test-sandbox-"));
  const demo = createDemoToolsServer({ sandboxDir });
  const demoUrl = await listenOnFreePort(demo.httpServer);
  const demoMcpUrl = new URL("/mcp", demoUrl).href;
  const proxy =
    options.gateDemoTools === true
      ? parseProxyConfig({
          upstreams: { demo: { url: demoMcpUrl, tools: { get_weather: false } } },
        })
      : undefined;
  const hub = createHub(
    { ...DEFAULT_HUB_CONFIG, port: 0, heartbeatSeconds: 0.2, proxy, ...hubConfig },
    hubDeps,
  );
  const hubUrl = await hub.listen();
  const config: AgentConfig = {
    hubMcpUrl: new URL("/mcp", hubUrl).href,
    demoToolsMcpUrl: proxy === undefined ? demoMcpUrl : new URL("/proxy/demo/mcp", hubUrl).href,
    mcpTimeoutSeconds: 150,
    maxSteps: 8,
    // A run another agent let go is resumed within 0.1 s instead of the production 5 s.
    resumeSweepMs: 100,
    ...agentConfig,
  };
  const agent = createAgentServer(config);
  const agentUrl = await listenOnFreePort(agent.httpServer);
  let users = 0;

  const hubFetch = (token: string, route: string, body?: unknown): Promise<Response> =>
    fetch(new URL(route, hubUrl), {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  return {
    agentUrl,
    hubUrl,
    sandboxDir,
    agentConfig: config,
    async registerUser() {
      users += 1;
      const response = await fetch(new URL("/api/auth/register", hubUrl), {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          username: `agent_${users}_${Date.now()}`,
          password: "correct horse battery",
        }),
      });
      return RegisteredSchema.parse(await response.json()).token;
    },
    async mintRunCredential(personToken, turn) {
      const response = await hubFetch(
        personToken,
        "/api/agent-runs",
        turn === undefined ? {} : { turn },
      );
      return AgentRunCredentialSchema.parse(await response.json()).token;
    },
    openai: (token) =>
      new OpenAI({ baseURL: new URL("/v1", agentUrl).href, apiKey: token, maxRetries: 0 }),
    answer: (token, inquiryId, body) => hubFetch(token, `/api/inquiries/${inquiryId}/answer`, body),
    async getInquiry(token, inquiryId) {
      return InquirySchema.parse(
        await (await hubFetch(token, `/api/inquiries/${inquiryId}`)).json(),
      );
    },
    async close() {
      await agent.close();
      await demo.close();
      await hub.close();
      await rm(sandboxDir, { recursive: true, force: true });
    },
  };
}
