import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { InquirySchema } from "@inquiry-hub/protocol";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { ElicitRequestSchema, isJSONRPCResultResponse } from "@modelcontextprotocol/sdk/types.js";
import type {
  ClientCapabilities,
  ElicitRequest,
  ElicitResult,
} from "@modelcontextprotocol/sdk/types.js";
import { callUntilOpened, resultText, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";
import type { TestDevice } from "../socket-helpers";
import { startDemoUpstream } from "../support/proxy-harness";
import type { DemoUpstream } from "../support/proxy-harness";
import { SEND_EMAIL, createAgentKey } from "../support/request-approval";

/** One `elicitation/create` the client's handler is holding, answered by the test. */
interface HeldElicitation {
  request: ElicitRequest;
  /** The handler's signal: aborts when the hub cancels the request (notifications/cancelled). */
  signal: AbortSignal;
  respond(result: ElicitResult): void;
  /** Settles once the client's transport has sent the response to the hub. */
  sent: Promise<void>;
}

/** An official SDK v1 client (a 2025 session) that declares form elicitation. */
interface ElicitingAgent {
  client: Client;
  elicitations: HeldElicitation[];
  /** Resolves with the next elicitation the hub sends. */
  nextElicitation(): Promise<HeldElicitation>;
}

/**
 * A send_inquiry caller whose client declared form elicitation (`{form: {}}`, or the bare
 * `{}` the spec reads as form) gets the question in-line too, racing the person's devices:
 * the first answer wins, the other side withdraws, and a dismissed form declines nothing.
 * Approvals never reach the agent's client as an elicitation.
 */
describe("send_inquiry asks the caller's own client in-line (form elicitation)", () => {
  let upstream: DemoUpstream;
  let hub: TestHub;
  let person: TestLogin;
  let phoneLogin: TestLogin;
  let phone: TestDevice;
  let laptop: TestDevice;
  let agentKey: string;
  const clients: Client[] = [];

  beforeAll(async () => {
    upstream = await startDemoUpstream({ write_file: true });
    hub = await startTestHub({ proxy: upstream.proxy });
    person = await hub.registerUser("inline", "Laptop");
    laptop = await hub.devices.connect({ token: person.token });
    phoneLogin = await hub.login(person.username, "Pixel 7");
    phone = await hub.devices.connect({ token: phoneLogin.token });
    agentKey = await createAgentKey(hub, person.token);
  });
  afterEach(async () => {
    await Promise.allSettled(clients.splice(0).map((client) => client.close()));
  });
  afterAll(async () => {
    await hub.close();
    await upstream.close();
  });

  async function connectAgent(
    elicitation: NonNullable<ClientCapabilities["elicitation"]>,
    path = "/mcp",
  ): Promise<ElicitingAgent> {
    const client = new Client(
      { name: "inline-elicitation-test", version: "1.0.0" },
      { capabilities: { elicitation } },
    );
    const transport = new StreamableHTTPClientTransport(new URL(path, hub.url), {
      requestInit: { headers: { Authorization: `Bearer ${agentKey}` } },
    });
    const responsesSent = new Map<string | number, () => void>();
    const send = transport.send.bind(transport);
    transport.send = async (message: JSONRPCMessage, options) => {
      await send(message, options);
      if (isJSONRPCResultResponse(message)) responsesSent.get(message.id)?.();
    };
    const elicitations: HeldElicitation[] = [];
    const arrivals: ((held: HeldElicitation) => void)[] = [];
    let taken = 0;
    client.setRequestHandler(ElicitRequestSchema, (request, extra) => {
      return new Promise<ElicitResult>((respond) => {
        elicitations.push({
          request,
          signal: extra.signal,
          respond,
          sent: new Promise((sent) => responsesSent.set(extra.requestId, sent)),
        });
        const arrival = arrivals.shift();
        if (arrival === undefined) return;
        arrival(elicitations[taken] as HeldElicitation);
        taken += 1;
      });
    });
    await client.connect(transport);
    clients.push(client);
    return {
      client,
      elicitations,
      nextElicitation() {
        const held = elicitations[taken];
        if (held !== undefined) {
          taken += 1;
          return Promise.resolve(held);
        }
        return new Promise((resolve) => arrivals.push(resolve));
      },
    };
  }

  const stored = (inquiryId: string) => hub.hub.inquiries.get(person.userId, inquiryId);

  it("an answer in the client wins: every device withdraws the card, the call returns it", async () => {
    const agent = await connectAgent({});
    const onLaptop = nextEvent(laptop.socket, "inquiry:new");
    const { call, inquiryId } = await callUntilOpened(
      agent.client,
      {
        name: "send_inquiry",
        arguments: { prompt: "Which city?", options: ["Hangzhou", "Paris"] },
      },
      "INQUIRY",
    );
    expect(await onLaptop).toMatchObject({ id: inquiryId, status: "pending" });
    const form = await agent.nextElicitation();
    expect(form.request.params).toMatchObject({
      mode: "form",
      message: "Which city?",
      requestedSchema: {
        type: "object",
        properties: {
          answer: { type: "string", description: "Suggested: Hangzhou / Paris" },
        },
        required: ["answer"],
      },
    });

    const withdrawals = [phone, laptop].map((device) =>
      nextEvent(device.socket, "inquiry:withdrawn", (each) => each.inquiryId === inquiryId),
    );
    form.respond({ action: "accept", content: { answer: "Hangzhou" } });
    expect(resultText(await call)).toBe("Hangzhou");
    for (const withdrawn of await Promise.all(withdrawals))
      expect(withdrawn).toMatchObject({ status: "answered" });
    const resolution = InquirySchema.parse(await stored(inquiryId)).resolution;
    expect(resolution).toMatchObject({
      status: "answered",
      response: "Hangzhou",
      via: "mcp-client",
    });
    expect(resolution?.byDeviceId).toEqual(expect.any(String));
    expect([person.deviceId, phoneLogin.deviceId]).not.toContain(resolution?.byDeviceId);
  });

  it("an answer on the phone cancels the client's form; the call returns the phone's answer", async () => {
    const agent = await connectAgent({ form: {} });
    const { call, inquiryId } = await callUntilOpened(
      agent.client,
      {
        name: "send_inquiry",
        arguments: {
          prompt: "How many guests?",
          questions: [{ id: "guests", text: "Guests", kind: "number", required: true }],
        },
      },
      "INQUIRY",
    );
    const form = await agent.nextElicitation();
    expect(form.request.params).toMatchObject({
      requestedSchema: { properties: { guests: { type: "number" } }, required: ["guests"] },
    });
    const cancelled = new Promise<void>((resolve) =>
      form.signal.addEventListener("abort", () => resolve(), { once: true }),
    );

    const ack = await answerOver(phone.socket, {
      inquiryId,
      action: "answer",
      values: { guests: 4 },
    });
    expect(ack).toMatchObject({ data: { status: "answered" } });
    await cancelled;
    expect(resultText(await call)).toBe("Guests: 4");
    const resolution = InquirySchema.parse(await stored(inquiryId)).resolution;
    expect(resolution?.values).toEqual({ guests: 4 });
    expect(resolution?.via).toBeUndefined();
  });

  it.each(["decline", "cancel"] as const)(
    "a form the client dismisses (%s) declines nothing: the card stays open, the phone's answer wins",
    async (action) => {
      const agent = await connectAgent({ form: {} });
      const withdrawn: string[] = [];
      const onWithdrawn = (each: { inquiryId: string }): void => {
        withdrawn.push(each.inquiryId);
      };
      phone.socket.on("inquiry:withdrawn", onWithdrawn);
      try {
        const { call, inquiryId } = await callUntilOpened(
          agent.client,
          { name: "send_inquiry", arguments: { prompt: "Ship on Friday?" } },
          "INQUIRY",
        );
        const form = await agent.nextElicitation();
        form.respond({ action });
        await form.sent;
        await agent.client.ping();
        expect((await stored(inquiryId)).status).toBe("pending");
        expect(withdrawn).not.toContain(inquiryId);

        const ack = await answerOver(phone.socket, {
          inquiryId,
          action: "answer",
          response: "Yes, Friday",
        });
        expect(ack).toMatchObject({ data: { status: "answered" } });
        expect(resultText(await call)).toBe("Yes, Friday");
      } finally {
        phone.socket.off("inquiry:withdrawn", onWithdrawn);
      }
    },
  );

  it("never asks the agent's client about an approval (request_approval, a gated proxy call)", async () => {
    const agent = await connectAgent({ form: {} });
    const approval = await callUntilOpened(
      agent.client,
      { name: "request_approval", arguments: { ...SEND_EMAIL } },
      "APPROVAL",
    );
    expect(
      await answerOver(phone.socket, { inquiryId: approval.inquiryId, action: "approve" }),
    ).toMatchObject({ data: { status: "answered" } });
    await approval.call;

    const proxied = await connectAgent({ form: {} }, "/proxy/demo/mcp");
    const gated = await callUntilOpened(
      proxied.client,
      { name: "write_file", arguments: { path: "notes/a.txt", content: "hello" } },
      "APPROVAL",
    );
    expect(
      await answerOver(phone.socket, { inquiryId: gated.inquiryId, action: "reject" }),
    ).toMatchObject({ data: { status: "rejected" } });
    await gated.call;
    expect(agent.elicitations).toEqual([]);
    expect(proxied.elicitations).toEqual([]);

    // The same session does get a free question in-line: the capability was in place all along.
    const question = await callUntilOpened(
      agent.client,
      { name: "send_inquiry", arguments: { prompt: "And the subject line?" } },
      "INQUIRY",
    );
    const form = await agent.nextElicitation();
    expect(form.request.params).toMatchObject({ message: "And the subject line?" });
    form.respond({ action: "accept", content: { answer: "Launch" } });
    expect(resultText(await question.call)).toBe("Launch");
  });
});
