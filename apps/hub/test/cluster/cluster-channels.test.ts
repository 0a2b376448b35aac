import { setTimeout as sleep } from "node:timers/promises";
import webPush from "web-push";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HistoryDetailSchema, PushMessageSchema } from "@inquiry-hub/protocol";
import { z } from "zod";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { useTestCluster } from "../support/cluster-suite";
import { registerPushedPhone } from "../support/hub-and-receiver";
import type { TestNode } from "../support/cluster";

const SlackBodySchema = z.object({ text: z.string() });
/** Long enough for a duplicate from the other node to have arrived, had one been sent. */
const QUIET_MS = 400;

/** The token of the Slack link labelled `label` in a message text. */
function tokenOf(text: string, label: string): string {
  const match = new RegExp(`<([^|>]+)\\|${label}>`).exec(text);
  if (match?.[1] === undefined) throw new Error(`no link "${label}" in ${text}`);
  return new URL(match[1]).searchParams.get("t") ?? "";
}

describe("push and webhook on two nodes", () => {
  // Secrets every node must share, as docs/deploying/index.md ("Running several hub nodes") asks
  // of a real cluster.
  const cluster = useTestCluster(
    { name: "channels", leaseSeconds: 2 },
    {
      webhookSecret: "cluster-webhook-secret-of-at-least-32-characters",
      vapidKeys: webPush.generateVAPIDKeys(),
      webhookRetryBaseSeconds: 0.01,
      webhookAllowPrivate: true,
      pushAllowPrivate: true,
      webPublicUrl: "https://hub.example.test",
    },
  );
  let hooks: LoopbackReceiver;
  let pushService: LoopbackReceiver;

  beforeAll(async () => {
    hooks = await startLoopbackReceiver();
    pushService = await startLoopbackReceiver();
  });
  afterAll(async () => {
    await hooks.close();
    await pushService.close();
  });

  it("sends each message once, and a link from either node works once on the other", async () => {
    const { nodeA, nodeB } = cluster();
    const setup = { hub: nodeA, receiver: pushService };
    const { phone, browser } = await registerPushedPhone(setup, "clustered");
    const configured = await nodeB.request("/api/channels/webhook", {
      method: "PUT",
      token: phone.token,
      body: { url: new URL("/hook", hooks.url).toString(), kind: "slack" },
    });
    expect(configured.status).toBe(200);

    const inquiry = await nodeA.hub.inquiries.create(phone.userId, {
      question: "Which city?",
      options: ["Paris", "Rome"],
    });
    const [question] = await hooks.waitForCount(1);
    const [pushed] = await pushService.waitForCount(1);
    await sleep(QUIET_MS);
    expect(hooks.received).toHaveLength(1);
    expect(pushService.received).toHaveLength(1);
    expect(
      PushMessageSchema.parse(JSON.parse(browser.decrypt(pushed?.body ?? Buffer.alloc(0)))),
    ).toMatchObject({ type: "inquiry:new", inquiry: { id: inquiry.id } });

    const text = SlackBodySchema.parse(JSON.parse(question?.body.toString() ?? "")).text;
    const paris = tokenOf(text, 'Answer "Paris"');
    const decide = (node: TestNode, token: string) =>
      node.request("/api/webhook-decisions", { token: phone.token, body: { token } });
    expect((await decide(nodeB, paris)).status).toBe(200);
    expect((await decide(nodeB, paris)).status).toBe(409);
    expect((await decide(nodeA, paris)).status).toBe(409);
    expect((await decide(nodeA, tokenOf(text, "Reject"))).status).toBe(409);

    const [, update] = await hooks.waitForCount(2);
    const [, withdrawn] = await pushService.waitForCount(2);
    await sleep(QUIET_MS);
    expect(hooks.received).toHaveLength(2);
    expect(pushService.received).toHaveLength(2);
    expect(SlackBodySchema.parse(JSON.parse(update?.body.toString() ?? "")).text).toContain(
      "Resolved: answered on Webhook link",
    );
    expect(JSON.parse(browser.decrypt(withdrawn?.body ?? Buffer.alloc(0)))).toEqual({
      type: "inquiry:withdrawn",
      inquiryId: inquiry.id,
      status: "answered",
    });

    const history = await nodeB.request(`/api/history/${inquiry.id}`, { token: phone.token });
    const { deliveries } = HistoryDetailSchema.parse(await history.json());
    expect(deliveries.map((each) => [each.purpose, each.ok])).toEqual([
      ["created", true],
      ["resolved", true],
    ]);
  });
});
