import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  ApiErrorBodySchema,
  HistoryDetailSchema,
  InquirySchema,
  WebhookDecisionPreviewSchema,
} from "@inquiry-hub/protocol";
import { z } from "zod";
import { signLinkToken } from "../../src/features/notifications/webhook-token";
import { waitFor } from "../helpers";
import type { TestLogin } from "../helpers";
import { useHubAndReceiver } from "../support/hub-and-receiver";

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
  const suite = useHubAndReceiver({
    webhookSecret: SECRET,
    webhookRetryBaseSeconds: 0.01,
    // The receiver listens on loopback, which webhooks may reach only when allowed.
    webhookAllowPrivate: true,
    webPublicUrl: "https://hub.example.test",
  });
  let owner: TestLogin;

  async function configure(kind = "slack"): Promise<TestLogin> {
    owner = await suite.hub.registerUser("hooked", "Work laptop");
    const put = await suite.hub.request("/api/channels/webhook", {
      method: "PUT",
      token: owner.token,
      body: { url: new URL("/hook", suite.receiver.url).toString(), kind },
    });
    expect(put.status).toBe(200);
    return owner;
  }

  /** A link opened by its owner, logged in (a link alone decides nothing). */
  const decide = (token: string, path = "") =>
    suite.hub.request(`/api/webhook-decisions${path}`, { token: owner.token, body: { token } });

  it("posts signed single-use links that resolve the inquiry once, then posts the outcome", async () => {
    await configure();
    const inquiry = await suite.hub.hub.inquiries.create(owner.userId, {
      question: "Which city?",
      options: ["Paris", "Rome"],
    });
    const [message] = await suite.receiver.waitForCount(1);
    const text = SlackBodySchema.parse(JSON.parse(message?.body.toString() ?? "")).text;
    expect(text).toContain("Which city?");
    expect(text).toContain(`https://hub.example.test/inbox#${inquiry.id}`);
    const paris = tokenOf(text, 'Answer "Paris"');

    const preview = await decide(paris, "/preview");
    expect(WebhookDecisionPreviewSchema.parse(await preview.json())).toMatchObject({
      inquiry: { id: inquiry.id, status: "pending" },
      decision: { action: "answer", response: "Paris" },
    });
    expect((await suite.hub.hub.inquiries.get(owner.userId, inquiry.id)).status).toBe("pending");

    const decided = await decide(paris);
    expect(decided.status).toBe(200);
    expect(InquirySchema.parse(await decided.json()).resolution).toMatchObject({
      response: "Paris",
      byDeviceId: "webhook",
    });
    expect((await decide(paris)).status).toBe(409);
    expect((await decide(tokenOf(text, "Reject"))).status).toBe(409);

    const [, update] = await suite.receiver.waitForCount(2);
    expect(SlackBodySchema.parse(JSON.parse(update?.body.toString() ?? "")).text).toContain(
      "Resolved: answered on Webhook link",
    );
  });

  it("rejects tampered, expired and foreign links without changing anything", async () => {
    await configure("discord");
    const inquiry = await suite.hub.hub.inquiries.create(owner.userId, { question: "Go?" });
    await suite.receiver.waitForCount(1);
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

    const stranger = await suite.hub.registerUser("stranger");
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
    expect((await suite.hub.hub.inquiries.get(owner.userId, inquiry.id)).status).toBe("pending");
  });

  it("retries a failing receiver a bounded number of times and shows the failure in history", async () => {
    await configure();
    suite.receiver.respondWith(500, 500, 500);
    const inquiry = await suite.hub.hub.inquiries.create(owner.userId, { question: "Anyone?" });
    await suite.receiver.waitForCount(3);
    const detail = await waitFor(async () => {
      const body = HistoryDetailSchema.parse(
        await (
          await suite.hub.request(`/api/history/${inquiry.id}`, { token: owner.token })
        ).json(),
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
    expect(suite.receiver.received).toHaveLength(3);
  });

  it("validates, reads and deletes the configuration", async () => {
    const user = await suite.hub.registerUser("config");
    const bad = await suite.hub.request("/api/channels/webhook", {
      method: "PUT",
      token: user.token,
      body: { url: "ftp://example.com/hook", kind: "slack" },
    });
    expect(bad.status).toBe(400);
    expect((await suite.hub.request("/api/channels/webhook", { token: user.token })).status).toBe(
      404,
    );
    await suite.hub.request("/api/channels/webhook", {
      method: "PUT",
      token: user.token,
      body: { url: "https://hooks.example.com/x", kind: "generic" },
    });
    const read = await suite.hub.request("/api/channels/webhook", { token: user.token });
    expect(await read.json()).toMatchObject({
      url: "https://hooks.example.com/x",
      kind: "generic",
    });
    const removed = await suite.hub.request("/api/channels/webhook", {
      method: "DELETE",
      token: user.token,
    });
    expect(removed.status).toBe(204);
    expect(
      (await suite.hub.request("/api/channels/webhook", { method: "PUT", body: {} })).status,
    ).toBe(401);
  });
});
