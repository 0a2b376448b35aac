import { HUB_TOOL_NAMES } from "@inquiry-hub/protocol";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import type { ClientCapabilities } from "@modelcontextprotocol/client";
import { createTaskSessionFromClient } from "@modelcontextprotocol/ext-tasks/client";
import type { TaskEnabledSession } from "@modelcontextprotocol/ext-tasks/client";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { expectTaskAnsweredFromPhone, useHubWithFreshOwner } from "../support/hub-with-fresh-owner";
import { answerOver, nextEvent } from "../socket-helpers";

const ASK = { prompt: "Which city?" };
const TASKS_CAPABILITY: ClientCapabilities = { tasks: { cancel: {}, requests: {} } };

/** A JSON-RPC request body as the client sent it. */
const SentSchema = z.looseObject({ method: z.string(), params: z.record(z.string(), z.unknown()) });

/** An SDK v2 client in a 2025-11-25 session on `/mcp`, and the requests it sent. */
interface LegacyClient {
  client: Client;
  sent: z.infer<typeof SentSchema>[];
}

const AnyResultSchema = z.looseObject({});

describe("Tasks on a 2025-11-25 session (initialize + Mcp-Session-Id)", () => {
  const suite = useHubWithFreshOwner();

  async function connectLegacy(capabilities: ClientCapabilities): Promise<LegacyClient> {
    const sent: LegacyClient["sent"] = [];
    const recording = (url: string | URL, init?: RequestInit): Promise<Response> => {
      if (typeof init?.body === "string") {
        const parsed = SentSchema.safeParse(JSON.parse(init.body));
        if (parsed.success) sent.push(parsed.data);
      }
      return fetch(url, init);
    };
    const client = new Client(
      { name: "hub-test-2025-tasks", version: "1.0.0" },
      { capabilities, versionNegotiation: { mode: "legacy" } },
    );
    await client.connect(
      new StreamableHTTPClientTransport(new URL("/mcp", suite.hub.url), {
        requestInit: { headers: { Authorization: `Bearer ${suite.owner.token}` } },
        fetch: recording,
      }),
    );
    expect(client.getNegotiatedProtocolVersion()).toBe("2025-11-25");
    suite.closeAfterTest(() => client.close());
    return { client, sent };
  }

  function taskSession(client: Client): TaskEnabledSession {
    const session = createTaskSessionFromClient(client, { endpointId: `${suite.hub.url.href}mcp` });
    suite.closeAfterTest(() => session.close());
    return session;
  }

  it("gives the official ext-tasks client a task whose tasks/result carries the phone's answer", async () => {
    const phone = await suite.hub.devices.connect({ token: suite.owner.token });
    const announced = nextEvent(phone.socket, "inquiry:new");
    const { client, sent } = await connectLegacy(TASKS_CAPABILITY);
    expect(client.getServerCapabilities()?.tasks).toMatchObject({
      requests: { tools: { call: {} } },
    });
    const session = taskSession(client);

    const execution = await session.callTool(HUB_TOOL_NAMES.sendInquiry, ASK);
    const inquiry = await announced;
    expect(sent.find((request) => request.method === "tools/call")?.params).toHaveProperty("task");
    await expectTaskAnsweredFromPhone(suite, phone, execution, inquiry);
    expect(sent.map((request) => request.method)).toContain("tasks/result");
  });

  it("leaves the card open when the client dismisses the question tasks/result puts to it", async () => {
    const phone = await suite.hub.devices.connect({ token: suite.owner.token });
    const announced = nextEvent(phone.socket, "inquiry:new");
    const { client } = await connectLegacy({ ...TASKS_CAPABILITY, elicitation: { form: {} } });
    const asked: unknown[] = [];
    client.setRequestHandler("elicitation/create", (request) => {
      asked.push(request.params);
      return { action: "cancel" };
    });
    const created = await client.request(
      {
        method: "tools/call",
        params: { name: HUB_TOOL_NAMES.sendInquiry, arguments: ASK, task: {} },
      },
      AnyResultSchema,
    );
    const inquiry = await announced;
    const taskId = `inquiry.${inquiry.id}`;
    expect(created).toMatchObject({ task: { taskId, status: "working" } });
    expect(
      await client.request({ method: "tasks/get", params: { taskId } }, AnyResultSchema),
    ).toMatchObject({ taskId, status: "input_required" });

    const result = client.request({ method: "tasks/result", params: { taskId } }, AnyResultSchema);
    await expect.poll(() => asked.length).toBe(1);
    expect(asked[0]).toMatchObject({
      message: ASK.prompt,
      _meta: { "io.modelcontextprotocol/related-task": { taskId } },
    });
    // The hub acts on the reply as soon as it arrives; the old rule declined the card then.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await suite.hub.hub.inquiries.get(suite.owner.userId, inquiry.id)).status).toBe(
      "pending",
    );
    expect(phone.withdrawn).toEqual([]);

    await answerOver(phone.socket, { inquiryId: inquiry.id, response: "Hangzhou" });
    expect(await result).toMatchObject({
      content: [{ type: "text", text: "Hangzhou" }],
      _meta: { "io.modelcontextprotocol/related-task": { taskId } },
    });
  });

  it("changes nothing on the wire for a session that did not declare tasks", async () => {
    const phone = await suite.hub.devices.connect({ token: suite.owner.token });
    const announced = nextEvent(phone.socket, "inquiry:new");
    const { client } = await connectLegacy({});
    expect(client.getServerCapabilities()).not.toHaveProperty("tasks");
    const { tools } = await client.listTools();
    expect(tools.find((tool) => tool.name === HUB_TOOL_NAMES.sendInquiry)).not.toHaveProperty(
      "execution",
    );
    const call = client.request(
      {
        method: "tools/call",
        params: { name: HUB_TOOL_NAMES.sendInquiry, arguments: ASK, task: {} },
      },
      AnyResultSchema,
    );
    const inquiry = await announced;
    await answerOver(phone.socket, { inquiryId: inquiry.id, response: "Xiamen" });
    const result = await call;
    expect(result).not.toHaveProperty("task");
    expect(result).toMatchObject({ content: [{ type: "text", text: "Xiamen" }] });
  });
});
