import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PushMessageSchema } from "@inquiry-hub/protocol";
import type { PushMessage } from "@inquiry-hub/protocol";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { FakeBrowserKeys, LoopbackReceiver } from "@inquiry-hub/test-kit";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { z } from "zod";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { subscribeToReceiver } from "../support/hub-and-receiver";
import { gatedCall, startDemoUpstream } from "../support/proxy-harness";
import type { DemoUpstream } from "../support/proxy-harness";

const TOOLS = { write_file: true, execute_sql: true };
const SlackBodySchema = z.object({ text: z.string() });

/**
 * What a person away from the app gets for a labelled approval: a push on their phone and a
 * Slack message, both leading with the risk; a high-risk call carries nothing that decides.
 */
describe("notifications of a labelled approval", () => {
  let upstream: DemoUpstream;
  let hub: TestHub;
  let receiver: LoopbackReceiver;
  const agents: Client[] = [];

  beforeAll(async () => {
    upstream = await startDemoUpstream(TOOLS);
    receiver = await startLoopbackReceiver();
    hub = await startTestHub({
      proxy: upstream.proxy,
      pushAllowPrivate: true,
      webhookAllowPrivate: true,
      webhookSecret: "risk-webhook-secret-of-at-least-32-characters",
      webPublicUrl: "https://hub.example.test",
    });
  });
  afterEach(() => {
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await Promise.allSettled(agents.map((agent) => agent.close()));
    await hub.close();
    await receiver.close();
    await upstream.close();
  });

  /** A person whose phone takes pushes and whose Slack takes messages, and their agent. */
  async function person(prefix: string) {
    const phone: TestLogin = await hub.registerUser(prefix, "Phone");
    const browser: FakeBrowserKeys = await subscribeToReceiver(
      { hub, receiver },
      phone,
      `/push/${prefix}`,
    );
    const hooked = await hub.request("/api/channels/webhook", {
      method: "PUT",
      token: phone.token,
      body: { url: new URL(`/hook/${prefix}`, receiver.url).toString(), kind: "slack" },
    });
    expect(hooked.status).toBe(200);
    const agentLogin = await hub.login(phone.username, "Laptop agent");
    const agent = new Client({ name: "risk-notifications-agent", version: "1.0.0" });
    await agent.connect(
      new StreamableHTTPClientTransport(new URL("/proxy/demo/mcp", hub.url), {
        requestInit: { headers: { Authorization: `Bearer ${agentLogin.token}` } },
      }),
    );
    agents.push(agent);
    return { phone, browser, agent, prefix };
  }

  /** The push and the Slack text `who` got for one approval. */
  async function notified(who: Awaited<ReturnType<typeof person>>) {
    const push = await waitFor(() =>
      Promise.resolve(receiver.received.find((each) => each.path === `/push/${who.prefix}`)),
    );
    const hook = await waitFor(() =>
      Promise.resolve(receiver.received.find((each) => each.path === `/hook/${who.prefix}`)),
    );
    const message: PushMessage = PushMessageSchema.parse(
      JSON.parse(who.browser.decrypt(push.body)),
    );
    if (message.type !== "inquiry:new") throw new Error(`unexpected push ${message.type}`);
    const text = SlackBodySchema.parse(JSON.parse(hook.body.toString())).text;
    return { message, text };
  }

  it("a high-risk approval: risk first, no push buttons, no decide links", async () => {
    const who = await person("highrisk");
    const { call, inquiryId } = await gatedCall(who.agent, "execute_sql", {
      query: "DELETE FROM notes",
    });
    const { message, text } = await notified(who);
    expect(message.inquiry.id).toBe(inquiryId);
    expect(message.inquiry.question.split("\n")[0]).toBe(
      "High risk · Deletes rows: DELETE FROM notes",
    );
    expect(message.actions).toEqual([{ type: "open" }]);

    const lines = text.split("\n");
    expect(lines[0]).toBe("High risk · Deletes rows: DELETE FROM notes");
    expect(lines[1]).toContain("fresh look");
    expect(text).not.toContain("/webhook/decide");
    expect(text).toContain(`<https://hub.example.test/inbox#${inquiryId}|Open in the app>`);

    await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token: who.phone.token,
      body: { action: "reject" },
    });
    await call;
  });

  it("a medium-risk approval: risk first, with its Approve / Reject buttons and links", async () => {
    const who = await person("mediumrisk");
    const { call, inquiryId } = await gatedCall(who.agent, "write_file", {
      path: "notes/a.txt",
      content: "hi",
    });
    const { message, text } = await notified(who);
    expect(message.inquiry.id).toBe(inquiryId);
    expect(message.inquiry.question.split("\n")[0]).toBe(
      "Medium risk · Writes or sends: write_file",
    );
    expect(message.actions).toEqual([{ type: "approve" }, { type: "reject" }]);

    expect(text.split("\n")[0]).toBe("Medium risk · Writes or sends: write_file");
    expect(text).toMatch(/<https:\/\/hub\.example\.test\/webhook\/decide\?t=[^|]+\|Approve>/);
    expect(text).toMatch(/<https:\/\/hub\.example\.test\/webhook\/decide\?t=[^|]+\|Reject>/);

    await hub.request(`/api/inquiries/${inquiryId}/answer`, {
      token: who.phone.token,
      body: { action: "reject" },
    });
    await call;
  });
});
