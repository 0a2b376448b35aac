import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorBodySchema,
  HistoryDetailSchema,
  InquirySchema,
  WebhookDecisionPreviewSchema,
} from "@inquiry-hub/protocol";
import { z } from "zod";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { signLinkToken } from "../../src/features/notifications/webhook-token";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

const SECRET = "test-webhook-secret-of-at-least-32-characters";
const SlackBodySchema = z.object({ text: z.string() });

/** The token of the Slack link labelled `label` in a message text. */
function tokenOf(text: string, label: string): string {
  const escaped = label.replaceAll(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(`<([^|>]+)\\|${escaped}>`).exec(text);
  if (match?.[1] === undefined) throw new Error(`no link "${label}" in ${text}`);
  return new URL(match[1]).searchParams.get("t") ?? "";
}

describe("webhook channel", () => {
  let hub: TestHub;
  let receiver: LoopbackReceiver;
  let owner: TestLogin;

  beforeAll(async () => {
    hub = await startTestHub({
      webhookSecret: SECRET,
      webhookRetryBaseSeconds: 0.01,
      // The receiver listens on loopback, which webhooks may reach only when allowed.
      webhookAllowPrivate: true,
      webPublicUrl: "https://hub.example.test",
    });
    receiver = await startLoopbackReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await hub.close();
  });
  afterEach(() => {
    receiver.received.length = 0;
  });

  async function configure(kind = "slack"): Promise<TestLogin> {
    owner = await hub.registerUser("hooked", "Work laptop");
    const put = await hub.request("/api/channels/webhook", {
      method: "PUT",
      token: owner.token,
      body: { url: new URL("/hook", receiver.url).toString(), kind },
    });
    expect(put.status).toBe(200);
    return owner;
  }

  /** A link opened by its owner, logged in (a link alone decides nothing). */
  const decide = (token: string, path = "") =>
    hub.request(`/api/webhook-decisions${path}`, { token: owner.token, body: { token } });

  it("posts signed single-use links that resolve the inquiry once, then posts the outcome", async () => {
    await configure();
    const inquiry = await hub.hub.inquiries.create(owner.userId, {
      question: "Which city?",
      options: ["Paris", "Rome"],
    });
    const [message] = await receiver.waitForCount(1);
    const text = SlackBodySchema.parse(JSON.parse(message?.body.toString() ?? "")).text;
    expect(text).toContain("Which city?");
    expect(text).toContain(`https://hub.example.test/inbox#${inquiry.id}`);
    const paris = tokenOf(text, 'Answer "Paris"');

    const preview = await decide(paris, "/preview");
    expect(WebhookDecisionPreviewSchema.parse(await preview.json())).toMatchObject({
      inquiry: { id: inquiry.id, status: "pending" },
      decision: { action: "answer", response: "Paris" },
    });
    expect((await hub.hub.inquiries.get(owner.userId, inquiry.id)).status).toBe("pending");

    const decided = await decide(paris);
    expect(decided.status).toBe(200);
    expect(InquirySchema.parse(await decided.json()).resolution).toMatchObject({
      response: "Paris",
      byDeviceId: "webhook",
    });
    expect((await decide(paris)).status).toBe(409);
    expect((await decide(tokenOf(text, "Reject"))).status).toBe(409);

    const [, update] = await receiver.waitForCount(2);
    expect(SlackBodySchema.parse(JSON.parse(update?.body.toString() ?? "")).text).toContain(
      "Resolved: answered on Webhook link",
    );
  });

  it("rejects tampered, expired and foreign links without changing anything", async () => {
    await configure("discord");
    const inquiry = await hub.hub.inquiries.create(owner.userId, { question: "Go?" });
    await receiver.waitForCount(1);
    const base = { inquiryId: inquiry.id, userId: owner.userId, nonce: randomUUID() };

    const expired = signLinkToken(
      { ...base, decision: { action: "reject" }, expiresAt: new Date(Date.now() - 1) },
      SECRET,
    );
    const expiredResponse = await decide(expired);
    expect(expiredResponse.status).toBe(400);
    expect(ApiErrorBodySchema.parse(await expiredResponse.json()).error.message).toMatch(/expired/);

    const valid = signLinkToken(
      { ...base, decision: { action: "reject" }, expiresAt: new Date(Date.now() + 60_000) },
      SECRET,
    );
    const [payload = "", signature = ""] = valid.split(".");
    const forged = Buffer.from(
      Buffer.from(payload, "base64url").toString().replace('"reject"', '"approve"'),
    ).toString("base64url");
    expect((await decide(`${forged}.${signature}`)).status).toBe(400);
    expect((await decide(`${payload}.${signature.slice(0, -2)}AA`)).status).toBe(400);
    expect((await decide("not-a-token")).status).toBe(400);

    const stranger = await hub.registerUser("stranger");
    const foreign = signLinkToken(
      {
        ...base,
        userId: stranger.userId,
        decision: { action: "reject" },
        expiresAt: new Date(Date.now() + 60_000),
      },
      SECRET,
    );
    expect((await decide(foreign)).status).toBe(404);
    expect((await hub.hub.inquiries.get(owner.userId, inquiry.id)).status).toBe("pending");
  });

  it("retries a failing receiver a bounded number of times and shows the failure in history", async () => {
    await configure();
    receiver.respondWith(500, 500, 500);
    const inquiry = await hub.hub.inquiries.create(owner.userId, { question: "Anyone?" });
    await receiver.waitForCount(3);
    const detail = await waitFor(async () => {
      const body = HistoryDetailSchema.parse(
        await (await hub.request(`/api/history/${inquiry.id}`, { token: owner.token })).json(),
      );
      return body.item.failedDeliveries === 1 ? body : undefined;
    });
    expect(detail.deliveries.map((each) => [each.attempt, each.ok, each.final])).toEqual([
      [1, false, false],
      [2, false, false],
      [3, false, true],
    ]);
    expect(detail.deliveries[0]?.httpStatus).toBe(500);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(receiver.received).toHaveLength(3);
  });

  it("validates, reads and deletes the configuration", async () => {
    const user = await hub.registerUser("config");
    const bad = await hub.request("/api/channels/webhook", {
      method: "PUT",
      token: user.token,
      body: { url: "ftp://example.com/hook", kind: "slack" },
    });
    expect(bad.status).toBe(400);
    expect((await hub.request("/api/channels/webhook", { token: user.token })).status).toBe(404);
    await hub.request("/api/channels/webhook", {
      method: "PUT",
      token: user.token,
      body: { url: "https://hooks.example.com/x", kind: "generic" },
    });
    const read = await hub.request("/api/channels/webhook", { token: user.token });
    expect(await read.json()).toMatchObject({
      url: "https://hooks.example.com/x",
      kind: "generic",
    });
    const removed = await hub.request("/api/channels/webhook", {
      method: "DELETE",
      token: user.token,
    });
    expect(removed.status).toBe(204);
    expect((await hub.request("/api/channels/webhook", { method: "PUT", body: {} })).status).toBe(
      401,
    );
  });
});
