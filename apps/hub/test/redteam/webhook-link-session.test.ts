import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedAgentKeySchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

const SlackBodySchema = z.object({ text: z.string() });

/** The token of the Slack link labelled `label` in a message text. */
function linkToken(text: string, label: string): string {
  const match = new RegExp(`<([^|>]+)\\|${label}>`).exec(text);
  if (match?.[1] === undefined) throw new Error(`no link "${label}" in ${text}`);
  return new URL(match[1]).searchParams.get("t") ?? "";
}

/**
 * Review round two, design point: a webhook message's Approve link decided with no session,
 * so anyone, or any bot, reading the channel (a shared Slack channel, a link unfurler, the
 * agent itself if it can read the channel) could approve the gated call. A link now decides
 * only for the person it was minted for, logged in on one of their devices.
 */
describe("red team: webhook decision links without the person", () => {
  let hub: TestHub;
  let receiver: LoopbackReceiver;
  let owner: TestLogin;

  beforeAll(async () => {
    hub = await startTestHub({
      webhookSecret: "red-team-webhook-secret-of-at-least-32-characters",
      webhookAllowPrivate: true,
      webPublicUrl: "https://hub.example.test",
    });
    receiver = await startLoopbackReceiver();
    owner = await hub.registerUser("link-owner", "Phone");
    const configured = await hub.request("/api/channels/webhook", {
      method: "PUT",
      token: owner.token,
      body: { url: new URL("/hook", receiver.url).toString(), kind: "slack" },
    });
    expect(configured.status).toBe(200);
  });
  afterAll(async () => {
    await receiver.close();
    await hub.close();
  });

  async function agentKeyOf(login: TestLogin): Promise<string> {
    const response = await hub.request("/api/agent-keys", {
      token: login.token,
      body: { name: "channel reader", expiresInDays: 1 },
    });
    expect(response.status).toBe(201);
    return CreatedAgentKeySchema.parse(await response.json()).secret;
  }

  it("a link used with no session, another person's session or the owner's agent key decides nothing; the owner's session does", async () => {
    const inquiry = await hub.hub.inquiries.create(owner.userId, {
      question: "Deploy to production?",
      options: ["Yes", "No"],
    });
    const [message] = await receiver.waitForCount(1);
    const text = SlackBodySchema.parse(JSON.parse(message?.body.toString() ?? "")).text;
    const yes = linkToken(text, 'Answer "Yes"');
    const stranger = await hub.registerUser("channel-reader", "Laptop");
    const agentKey = await agentKeyOf(owner);

    const attempts: [string, string | undefined, number][] = [
      ["no session (a bot reading the channel)", undefined, 401],
      ["another person who reads the channel", stranger.token, 404],
      ["the owner's own agent key", agentKey, 403],
    ];
    for (const [who, session, status] of attempts) {
      for (const path of ["/preview", ""]) {
        const response = await hub.request(`/api/webhook-decisions${path}`, {
          ...(session === undefined ? {} : { token: session }),
          body: { token: yes },
        });
        expect(response.status, `${who} on ${path || "/"}`).toBe(status);
      }
      expect((await hub.hub.inquiries.get(owner.userId, inquiry.id)).status).toBe("pending");
    }

    const decided = await hub.request("/api/webhook-decisions", {
      token: owner.token,
      body: { token: yes },
    });
    expect(decided.status).toBe(200);
    const answered = await hub.hub.inquiries.get(owner.userId, inquiry.id);
    expect(answered).toMatchObject({ status: "answered", resolution: { response: "Yes" } });
  });
});
