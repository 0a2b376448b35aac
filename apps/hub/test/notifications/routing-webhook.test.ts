import { describe, expect, it } from "vitest";
import type { TestLogin } from "../helpers";
import { useHubAndReceiver } from "../support/hub-and-receiver";

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `HH:MM` in UTC, `minutes` from now. */
const utcTime = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);

describe("Slack and webhooks by the routing plan and quiet hours", () => {
  const suite = useHubAndReceiver({
    webhookSecret: "routing-webhook-secret-of-at-least-32-characters",
    webhookAllowPrivate: true,
  });

  /** A person whose Slack takes messages at `/hook/<prefix>`, with `settings`. */
  async function person(prefix: string, settings: unknown): Promise<TestLogin> {
    const login = await suite.hub.registerUser(prefix, "Laptop");
    const hooked = await suite.hub.request("/api/channels/webhook", {
      method: "PUT",
      token: login.token,
      body: { url: new URL(`/hook/${prefix}`, suite.receiver.url).toString(), kind: "slack" },
    });
    expect(hooked.status).toBe(200);
    const put = await suite.hub.request("/api/settings", {
      method: "PUT",
      token: login.token,
      body: settings,
    });
    expect(put.status).toBe(200);
    return login;
  }
  const postedTo = (prefix: string) =>
    suite.receiver.received.filter((each) => each.path === `/hook/${prefix}`);
  const plan = (webhookAfterSeconds: number | null) => ({
    routing: { pushAfterSeconds: 0, webhookAfterSeconds },
  });

  it("posts an unseen question only once the plan's delay has passed", async () => {
    const login = await person("later", plan(1));
    const started = Date.now();
    await suite.hub.hub.inquiries.create(login.userId, { question: "Which city?" });
    await settle(600);
    expect(postedTo("later")).toEqual([]);
    await suite.receiver.waitForCount(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
  });

  it("never posts when the plan leaves webhooks out", async () => {
    const login = await person("never", plan(null));
    await suite.hub.hub.inquiries.create(login.userId, { question: "Anyone?" });
    await settle(1200);
    expect(postedTo("never")).toEqual([]);
  });

  it("holds a medium approval during quiet hours and lets a high-risk one through", async () => {
    const quietHours = { start: utcTime(-1), end: utcTime(2), timeZone: "UTC" };
    const login = await person("hushed", { quietHours });
    const approval = (level: "medium" | "high") => ({
      type: "APPROVAL" as const,
      question: `A ${level} call?`,
      approval: {
        upstream: "demo",
        tool: "execute_sql",
        arguments: { query: "DELETE FROM notes" },
        allowedDecisions: ["approve" as const, "reject" as const],
        description: "Run SQL",
        risk: { level, reason: "Deletes rows", source: "rules" as const },
      },
    });
    await suite.hub.hub.inquiries.create(login.userId, approval("medium"));
    await suite.hub.hub.inquiries.create(login.userId, approval("high"));
    await suite.receiver.waitForCount(1);
    await settle(1200);
    const posted = postedTo("hushed");
    expect(posted).toHaveLength(1);
    expect(posted[0]?.body.toString()).toContain("A high call?");
  });
});
