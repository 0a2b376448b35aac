import { afterEach, describe, expect, it } from "vitest";
import { AgentRunCredentialSchema, RESULT_OPENINGS } from "@inquiry-hub/protocol";
import type { Client } from "@modelcontextprotocol/client";
import { createProgressRecorder, resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { answerOver } from "../socket-helpers";
import { MODERN_PROTOCOL_VERSION, connectModernMcp } from "../support/modern-mcp-client";

/** `/mcp` for SDK v2 clients that negotiate the stateless 2026-07-28 revision. */
describe("send_inquiry for 2026-07-28 clients", () => {
  let hub: TestHub | undefined;
  const clients: Client[] = [];
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
    await hub?.close();
    hub = undefined;
  });

  async function connect(testHub: TestHub, token: string, query?: string): Promise<Client> {
    const { client } = await connectModernMcp([testHub.url], token, query);
    clients.push(client);
    expect(client.getNegotiatedProtocolVersion()).toBe(MODERN_PROTOCOL_VERSION);
    return client;
  }

  it("streams the inquiry's progress and returns the answer a socket device gave", async () => {
    hub = await startTestHub();
    const owner = await hub.registerUser("modern");
    const phone = await hub.login(owner.username, "phone");
    const device = await hub.devices.connect({ token: phone.token });
    const client = await connect(hub, owner.token);
    expect((await client.listTools()).tools.map((tool) => tool.name)).toContain("send_inquiry");

    const progress = createProgressRecorder();
    const call = client.callTool(
      { name: "send_inquiry", arguments: { prompt: "Which city?", options: ["Paris", "Rome"] } },
      { onprogress: progress.onprogress },
    );
    const opened = await progress.next("INQUIRY");
    expect(opened).toMatchObject({ type: "INQUIRY", question: "Which city?" });
    await progress.next("INQUIRY_HEARTBEAT");
    await expect
      .poll(() => device.created.map((inquiry) => inquiry.id))
      .toEqual([opened.inquiryId]);

    const ack = await answerOver(device.socket, { inquiryId: opened.inquiryId, response: "Rome" });
    expect(ack).toMatchObject({ data: { status: "answered", resolution: { response: "Rome" } } });
    expect(resultText(await call)).toBe("Rome");
    expect(progress.metas.at(-1)).toEqual({
      type: "INQUIRY_CLOSED",
      inquiryId: opened.inquiryId,
      status: "answered",
    });
    expect(progress.progressValues).toEqual([...progress.progressValues].sort((a, b) => a - b));
  });

  it("times out at the backstop with ?timeout=1 on the endpoint URL", async () => {
    hub = await startTestHub({ timeoutGraceSeconds: 0.3 });
    const { token } = await hub.registerUser("modern");
    const client = await connect(hub, token, "?timeout=1");
    const started = Date.now();
    const text = resultText(
      await client.callTool({ name: "send_inquiry", arguments: { prompt: "Anyone?" } }),
    );
    expect(text.startsWith(RESULT_OPENINGS.timeout)).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1200);
  });

  it("refuses a request without the hub's bearer token", async () => {
    hub = await startTestHub();
    await expect(connectModernMcp([hub.url], "not-a-token")).rejects.toThrow();
  });

  it("lists respond_inquiry for a device and not for an agent credential", async () => {
    hub = await startTestHub();
    const { token } = await hub.registerUser("modern");
    const minted = await hub.request("/api/agent-runs", { token, body: {} });
    const run = AgentRunCredentialSchema.parse(await minted.json()).token;
    const asDevice = await connect(hub, token);
    const asAgent = await connect(hub, run);
    expect((await asDevice.listTools()).tools.map((tool) => tool.name)).toEqual([
      "send_inquiry",
      "respond_inquiry",
      "request_approval",
    ]);
    expect((await asAgent.listTools()).tools.map((tool) => tool.name)).toEqual([
      "send_inquiry",
      "request_approval",
    ]);
  });
});
