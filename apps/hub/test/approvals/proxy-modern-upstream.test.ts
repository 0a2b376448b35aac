import { afterEach, describe, expect, it } from "vitest";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import { BOOKING_MESSAGE } from "../support/eliciting-upstream";
import { connectModernMcp, MODERN_PROTOCOL_VERSION } from "../support/modern-mcp-client";
import {
  COUNT_STEPS,
  EXPLODE_ERROR,
  GREETING_TEXT,
  GREETING_URI,
  MODERN_UPSTREAM_TOKEN,
  startModernOnlyUpstream,
} from "../support/modern-only-upstream";
import type { ModernOnlyUpstream } from "../support/modern-only-upstream";

/** The proxy's deadline for upstream requests; the person takes longer in one test. */
const UPSTREAM_TIMEOUT_SECONDS = 1;

/** What the tests ask of an agent, whichever SDK generation it is. */
interface Agent {
  listTools(): Promise<{ tools: { name: string }[] }>;
  callTool(
    name: string,
    args: Record<string, unknown>,
    onprogress?: (progress: { progress: number; message?: string | undefined }) => void,
  ): Promise<unknown>;
  readResource(uri: string): Promise<unknown>;
  getPrompt(name: string, args: Record<string, string>): Promise<unknown>;
  close(): Promise<void>;
}

type ConnectAgent = (hub: TestHub, token: string) => Promise<Agent>;

const PROXY_PATH = "/proxy/modern/mcp";

const connectV1: ConnectAgent = async (hub, token) => {
  const client = new V1Client({ name: "modern-upstream-v1", version: "1.0.0" });
  await client.connect(
    new V1Transport(new URL(PROXY_PATH, hub.url), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } },
    }),
  );
  return {
    listTools: () => client.listTools(),
    callTool: (name, args, onprogress) =>
      client.callTool({ name, arguments: args }, undefined, onprogress ? { onprogress } : {}),
    readResource: (uri) => client.readResource({ uri }),
    getPrompt: (name, args) => client.getPrompt({ name, arguments: args }),
    close: () => client.close(),
  };
};

const connectV2: ConnectAgent = async (hub, token) => {
  const { client } = await connectModernMcp([hub.url], token, "", { path: PROXY_PATH });
  expect(client.getNegotiatedProtocolVersion()).toBe(MODERN_PROTOCOL_VERSION);
  return {
    listTools: () => client.listTools(),
    callTool: (name, args, onprogress) =>
      client.callTool({ name, arguments: args }, onprogress ? { onprogress } : {}),
    readResource: (uri) => client.readResource({ uri }),
    getPrompt: (name, args) => client.getPrompt({ name, arguments: args }),
    close: () => client.close(),
  };
};

describe.each([
  ["a v1 client (2025 session to the proxy)", connectV1],
  ["a v2 client (2026-07-28 to the proxy)", connectV2],
])("a 2026-07-28-only upstream behind the proxy, called by %s", (_, connectAgent) => {
  let upstream: ModernOnlyUpstream | undefined;
  let testHub: TestHub | undefined;
  let agent: Agent | undefined;
  afterEach(async () => {
    await agent?.close();
    await testHub?.close();
    await upstream?.close();
    agent = undefined;
    testHub = undefined;
    upstream = undefined;
  });

  async function setup() {
    upstream = await startModernOnlyUpstream();
    const proxy = parseProxyConfig({
      upstreams: {
        modern: {
          url: upstream.url.href,
          headers: { authorization: `Bearer ${MODERN_UPSTREAM_TOKEN}` },
          timeout_seconds: UPSTREAM_TIMEOUT_SECONDS,
          default: false,
        },
      },
    });
    testHub = await startTestHub({ proxy });
    const { token } = await testHub.registerUser("modern-upstream");
    const device = await testHub.devices.connect({ token });
    agent = await connectAgent(testHub, token);
    return { upstream, agent, device };
  }

  it("passes tools, structured content, the resource and the prompt, speaking 2026-07-28 upstream", async () => {
    const { upstream, agent } = await setup();
    const { tools } = await agent.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(["echo", "count", "book_table", "explode"]);
    expect(await agent.callTool("echo", { text: "hi" })).toMatchObject({
      content: [{ type: "text", text: "hi" }],
      structuredContent: { echoed: "hi" },
    });
    expect(await agent.readResource(GREETING_URI)).toMatchObject({
      contents: [{ uri: GREETING_URI, mimeType: "text/plain", text: GREETING_TEXT }],
    });
    expect(await agent.getPrompt("greet", { name: "Ada" })).toMatchObject({
      messages: [{ role: "user", content: { type: "text", text: "Greet Ada." } }],
    });
    expect(upstream.protocolVersions.length).toBeGreaterThan(0);
    expect(new Set(upstream.protocolVersions)).toEqual(new Set([MODERN_PROTOCOL_VERSION]));
  });

  it("relays the upstream's progress to the agent", async () => {
    const { agent } = await setup();
    const messages: (string | undefined)[] = [];
    const result = await agent.callTool("count", {}, (progress) => messages.push(progress.message));
    expect(resultText(result)).toBe(`counted to ${COUNT_STEPS}`);
    expect(messages).toEqual(["step 1", "step 2", "step 3"]);
  });

  it("shows the upstream's input_required form on a device and retries with the answer", async () => {
    const { upstream, agent, device } = await setup();
    const shown = nextEvent(device.socket, "inquiry:new");
    const call = agent.callTool("book_table", {}, () => undefined);
    const inquiry = await shown;
    expect(inquiry).toMatchObject({
      question: BOOKING_MESSAGE,
      elicitation: { upstream: "modern" },
    });
    // Longer than the proxy's upstream deadline: it is held while the person answers.
    await new Promise((resolve) => setTimeout(resolve, UPSTREAM_TIMEOUT_SECONDS * 1000 + 300));
    const values = { date: "2025-07-01", people: 4 };
    expect(
      await answerOver(device.socket, { inquiryId: inquiry.id, action: "answer", values }),
    ).toHaveProperty("data.status", "answered");
    expect(JSON.parse(resultText(await call))).toEqual({ action: "accept", content: values });
    expect(upstream.bookings).toEqual([{ action: "accept", content: values }]);
  });

  it("passes the upstream's JSON-RPC error through with its code", async () => {
    const { agent } = await setup();
    await expect(agent.callTool("explode", {})).rejects.toMatchObject({
      code: EXPLODE_ERROR.code,
      message: expect.stringContaining(`upstream "modern": ${EXPLODE_ERROR.message}`) as string,
    });
  });
});
