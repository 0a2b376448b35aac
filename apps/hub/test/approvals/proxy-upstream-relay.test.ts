import { createRequire } from "node:module";
import { afterEach, describe, expect, it } from "vitest";
import { Client as V1Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport as V1Transport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { LoggingMessageNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { LoggingMessageNotification } from "@modelcontextprotocol/sdk/types.js";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { parseProxyConfig } from "../../src/config/load-proxy-config";
import { callUntilOpened, resultText, startTestHub, waitFor } from "../helpers";
import type { TestHub } from "../helpers";

/** The official "everything" server over stdio, one process per proxy session. */
const EVERYTHING = {
  command: process.execPath,
  args: [
    createRequire(import.meta.url).resolve("@modelcontextprotocol/server-everything/dist/index.js"),
    "stdio",
  ],
  timeout_seconds: 10,
  default: false,
};
const LONG_RUNNING = "trigger-long-running-operation";
const STEPS = 4;
const LONG_RUNNING_ARGS = { duration: 0.4, steps: STEPS };
const LONG_RUNNING_TEXT = `Long running operation completed. Duration: 0.4 seconds, Steps: ${STEPS}.`;

/** Whether every value is above the one before it. */
function strictlyRising(values: readonly number[]): boolean {
  return values.every((value, index) => index === 0 || value > (values[index - 1] ?? value));
}

describe("the approval proxy relays upstream progress and logs (official everything server)", () => {
  let testHub: TestHub | undefined;
  const clients: { close(): Promise<void> }[] = [];
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    await testHub?.close();
    testHub = undefined;
  });

  async function setup() {
    const proxy = parseProxyConfig({
      upstreams: {
        everything: EVERYTHING,
        gated: { ...EVERYTHING, tools: { [LONG_RUNNING]: true } },
      },
    });
    testHub = await startTestHub({ proxy });
    const { token } = await testHub.registerUser("relay");
    const hub = testHub;
    const url = (name: string) => new URL(`/proxy/${name}/mcp`, hub.url);
    const requestInit = { headers: { Authorization: `Bearer ${token}` } };
    return {
      hub,
      token,
      v1: async (name: string) => {
        const client = new V1Client({ name: "relay-test-v1", version: "1.0.0" });
        await client.connect(new V1Transport(url(name), { requestInit }));
        clients.push(client);
        return client;
      },
      v2: async (name: string) => {
        const client = new Client({ name: "relay-test-v2", version: "1.0.0" });
        await client.connect(new StreamableHTTPClientTransport(url(name), { requestInit }));
        clients.push(client);
        return client;
      },
    };
  }

  it("relays every upstream progress notification to a v1 client, values and total as sent", async () => {
    const { v1 } = await setup();
    const agent = await v1("everything");
    const { tools } = await agent.listTools();
    expect(tools.map((tool) => tool.name)).toContain(LONG_RUNNING);
    const seen: { progress: number; total?: number | undefined }[] = [];
    const result = await agent.callTool(
      { name: LONG_RUNNING, arguments: LONG_RUNNING_ARGS },
      undefined,
      {
        onprogress: ({ progress, total }) => seen.push({ progress, total }),
      },
    );
    expect(resultText(result)).toBe(LONG_RUNNING_TEXT);
    expect(seen).toEqual([1, 2, 3, 4].map((progress) => ({ progress, total: STEPS })));
  });

  it("relays every upstream progress notification to a v2 client", async () => {
    const { v2 } = await setup();
    const agent = await v2("everything");
    const values: number[] = [];
    const result = await agent.callTool(
      { name: LONG_RUNNING, arguments: LONG_RUNNING_ARGS },
      { onprogress: ({ progress }) => values.push(progress) },
    );
    expect(resultText(result)).toBe(LONG_RUNNING_TEXT);
    expect(values).toEqual([1, 2, 3, 4]);
  });

  it("sends no progress to a caller that asked for none", async () => {
    const { v1 } = await setup();
    const agent = await v1("everything");
    const stray: unknown[] = [];
    // Only progress counts here: the everything server also announces tool list changes when
    // it registers its client-dependent tools, which the proxy relays as it should.
    agent.fallbackNotificationHandler = (notification) => {
      if (notification.method === "notifications/progress") stray.push(notification);
      return Promise.resolve();
    };
    const result = await agent.callTool({ name: LONG_RUNNING, arguments: LONG_RUNNING_ARGS });
    expect(resultText(result)).toBe(LONG_RUNNING_TEXT);
    expect(stray).toEqual([]);
  });

  it("continues a gated call's progress after the approval's heartbeats, still rising", async () => {
    const { v1, hub, token } = await setup();
    const agent = await v1("gated");
    const { call, progress, inquiryId } = await callUntilOpened(
      agent,
      { name: LONG_RUNNING, arguments: LONG_RUNNING_ARGS },
      "APPROVAL",
      { resetTimeoutOnProgress: true },
    );
    await progress.next("INQUIRY_HEARTBEAT");
    const answered = await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token,
      body: { action: "approve" },
    });
    expect(answered.status).toBe(200);
    expect(resultText(await call)).toBe(LONG_RUNNING_TEXT);

    const heldFor = progress.metas.length;
    expect(progress.metas.at(-1)?.type).toBe("INQUIRY_CLOSED");
    expect(progress.progressValues).toHaveLength(heldFor + STEPS);
    expect(strictlyRising(progress.progressValues)).toBe(true);
  });

  it("relays the log message an upstream tool sends to a v1 client", async () => {
    const { v1 } = await setup();
    const agent = await v1("everything");
    await agent.setLoggingLevel("debug");
    const logs: LoggingMessageNotification["params"][] = [];
    agent.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params);
    });
    await agent.callTool({ name: "toggle-simulated-logging", arguments: {} });
    const first = await waitFor(() => Promise.resolve(logs[0]));
    // The everything server spells one of its eight messages "Alert level-message".
    expect(String(first.data)).toMatch(/level.message/);
    await agent.callTool({ name: "toggle-simulated-logging", arguments: {} });
  });
});
