import { describe, expect, it } from "vitest";
import { HistoryDetailSchema } from "@inquiry-hub/protocol";
import type { DeliveryReceipt, SocketAck } from "@inquiry-hub/protocol";
import type { TestLogin } from "../helpers";
import type { TestDevice } from "../socket-helpers";
import { subscribeToReceiver, useHubAndReceiver } from "../support/hub-and-receiver";

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PLAN = { pushAfterSeconds: 1, webhookAfterSeconds: null };

/** `HH:MM` in UTC, `minutes` from now. */
const utcTime = (minutes: number) =>
  new Date(Date.now() + minutes * 60_000).toISOString().slice(11, 16);

describe("push by the routing plan and quiet hours", () => {
  const suite = useHubAndReceiver({ pushAllowPrivate: true });

  /** A person whose phone (no socket) takes pushes at `/push/<prefix>`, with `settings`. */
  async function person(prefix: string, settings: unknown): Promise<TestLogin> {
    const phone = await suite.hub.registerUser(prefix, "Phone");
    await subscribeToReceiver(suite, phone, `/push/${prefix}`);
    const put = await suite.hub.request("/api/settings", {
      method: "PUT",
      token: phone.token,
      body: settings,
    });
    expect(put.status).toBe(200);
    return phone;
  }
  /** The question's receipts as `/api/history/:id` shows them to its owner. */
  async function receiptsOf(owner: TestLogin, inquiryId: string): Promise<DeliveryReceipt[]> {
    const response = await suite.hub.request(`/api/history/${inquiryId}`, { token: owner.token });
    return HistoryDetailSchema.parse(await response.json()).item.receipts ?? [];
  }
  const stepsOf = async (owner: TestLogin, inquiryId: string) =>
    (await receiptsOf(owner, inquiryId))
      .filter((each) => each.targetId === "routing-plan")
      .map(
        (each) =>
          `${each.channel} ${each.kind}${each.waitSeconds === undefined ? "" : ` ${each.waitSeconds}`}`,
      );
  /** A second device of `owner` with a socket whose tab reports itself visible and focused. */
  async function openTab(owner: TestLogin): Promise<TestDevice> {
    const login = await suite.hub.login(owner.username, "Laptop");
    const tab = await suite.hub.devices.connect({ token: login.token });
    const ack = await new Promise((resolve) =>
      tab.socket.emit("presence:report", { visible: true, focused: true }, resolve),
    );
    expect(ack).toEqual({ data: { kept: true } });
    return tab;
  }
  const pushedTo = (prefix: string) =>
    suite.receiver.received.filter((each) => each.path === `/push/${prefix}`);

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

  it("with a tab in front of the person, pushes an unseen question after the plan's delay", async () => {
    const phone = await person("delayed", { routing: PLAN });
    const tab = await openTab(phone);
    try {
      const started = Date.now();
      const inquiry = await suite.hub.hub.inquiries.create(phone.userId, { question: "City?" });
      await settle(600);
      expect(pushedTo("delayed")).toEqual([]);
      await suite.receiver.waitForCount(1);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(pushedTo("delayed")).toHaveLength(1);
      await expect.poll(() => stepsOf(phone, inquiry.id)).toEqual(["push waiting 1"]);
      await expect
        .poll(async () => (await receiptsOf(phone, inquiry.id)).map((each) => each.kind))
        .toContain("delivered");
    } finally {
      tab.socket.disconnect();
    }
  });

  it("with no tab in front of the person, pushes at once and says why", async () => {
    const phone = await person("away", { routing: { ...PLAN, pushAfterSeconds: 30 } });
    const hidden = await openTab(phone);
    await new Promise((resolve) => setTimeout(resolve, 900));
    const ack = await new Promise((resolve) =>
      hidden.socket.emit("presence:report", { visible: false, focused: false }, resolve),
    );
    expect(ack).toEqual({ data: { kept: true } });
    try {
      const started = Date.now();
      const inquiry = await suite.hub.hub.inquiries.create(phone.userId, { question: "Now?" });
      await suite.receiver.waitForCount(1);
      expect(Date.now() - started).toBeLessThan(1000);
      await expect.poll(() => stepsOf(phone, inquiry.id)).toEqual(["push no-tab"]);
    } finally {
      hidden.socket.disconnect();
    }
  });

  it("pushes nothing once a device has seen the question, nor after it was answered", async () => {
    const phone = await person("seen", { routing: PLAN });
    const laptop = await openTab(phone);
    try {
      const seen = await suite.hub.hub.inquiries.create(phone.userId, { question: "Seen?" });
      await expect.poll(() => laptop.created.length).toBe(1);
      const ack = await new Promise<SocketAck<{ recorded: boolean }>>((resolve) =>
        laptop.socket.emit("inquiry:receipt", { inquiryId: seen.id, kind: "seen" }, resolve),
      );
      expect(ack).toEqual({ data: { recorded: true } });
      const cancelled = await suite.hub.hub.inquiries.create(phone.userId, { question: "Gone?" });
      await suite.hub.hub.inquiries.cancel(cancelled.id);
      await settle(1500);
      expect(pushedTo("seen")).toEqual([]);
      expect(await stepsOf(phone, seen.id)).toEqual(["push waiting 1", "push skipped-seen"]);
    } finally {
      laptop.socket.disconnect();
    }
  });

  it("pushes anyway when another person's device claims to have seen the question", async () => {
    const phone = await person("foreign", { routing: PLAN });
    const stranger = await suite.hub.registerUser("foreign-stranger", "Laptop");
    const intruder = await suite.hub.devices.connect({ token: stranger.token });
    try {
      const inquiry = await suite.hub.hub.inquiries.create(phone.userId, { question: "Mine?" });
      const ack = await new Promise<SocketAck<{ recorded: boolean }>>((resolve) =>
        intruder.socket.emit("inquiry:receipt", { inquiryId: inquiry.id, kind: "seen" }, resolve),
      );
      expect(ack).not.toEqual({ data: { recorded: true } });
      await suite.receiver.waitForCount(1);
      expect(pushedTo("foreign")).toHaveLength(1);
    } finally {
      intruder.socket.disconnect();
    }
  });

  it("pushes at once without a plan, as before", async () => {
    const phone = await person("planless", { routing: null });
    const started = Date.now();
    await suite.hub.hub.inquiries.create(phone.userId, { question: "Now?" });
    await suite.receiver.waitForCount(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("holds a medium question during quiet hours and lets a high-risk one through", async () => {
    const quietHours = { start: utcTime(-1), end: utcTime(2), timeZone: "UTC" };
    const phone = await person("quiet", { quietHours });
    const medium = await suite.hub.hub.inquiries.create(phone.userId, approval("medium"));
    const high = await suite.hub.hub.inquiries.create(phone.userId, approval("high"));
    await suite.receiver.waitForCount(1);
    await settle(1500);
    const pushed = pushedTo("quiet");
    expect(pushed).toHaveLength(1);
    expect(pushed[0]?.headers.topic).toBe(high.id.replaceAll("-", ""));
    const [held] = await stepsOf(phone, medium.id);
    expect(held).toMatch(/^push held \d+$/);
    expect(await stepsOf(phone, high.id)).toEqual([]);
  });
});
