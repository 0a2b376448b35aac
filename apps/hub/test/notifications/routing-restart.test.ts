import { HistoryDetailSchema } from "@inquiry-hub/protocol";
import type { SocketAck } from "@inquiry-hub/protocol";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createEmbeddedInfra } from "../../src/composition/stores/embedded-infra";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import type { TestDevice } from "../socket-helpers";
import { subscribeToReceiver } from "../support/hub-and-receiver";
import { createTempDataDir } from "../support/temp-embedded-database";
import type { TempDataDir } from "../support/temp-embedded-database";

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const PLAN = { routing: { pushAfterSeconds: 2, webhookAfterSeconds: null } };

/** A hub on the embedded store in `dir` that may push to a loopback receiver; `close` closes both. */
async function startEmbeddedHub(dir: string): Promise<TestHub> {
  const embedded = createEmbeddedInfra({ dir, historyTtlSeconds: 3600 });
  const hub = await startTestHub({ store: "embedded", pushAllowPrivate: true }, embedded);
  return {
    ...hub,
    async close() {
      await hub.close();
      await embedded.close();
    },
  };
}

/** A tab of `owner` in front of them (visible, focused), so the plan's push wait holds. */
async function openTab(hub: TestHub, owner: TestLogin): Promise<TestDevice> {
  const login = await hub.login(owner.username, "Laptop");
  const tab = await hub.devices.connect({ token: login.token });
  const ack = await new Promise((resolve) =>
    tab.socket.emit("presence:report", { visible: true, focused: true }, resolve),
  );
  expect(ack).toEqual({ data: { kept: true } });
  return tab;
}

/** The question's routing steps and delivered receipts as its owner's history shows them. */
async function receiptsOf(hub: TestHub, owner: TestLogin, inquiryId: string): Promise<string[]> {
  const again = await hub.login(owner.username, "Phone");
  const response = await hub.request(`/api/history/${inquiryId}`, { token: again.token });
  const receipts = HistoryDetailSchema.parse(await response.json()).item.receipts ?? [];
  return receipts
    .filter((each) => each.kind !== "seen")
    .map((each) => `${each.channel} ${each.kind}${each.waitSeconds ? ` ${each.waitSeconds}` : ""}`);
}

/**
 * A plan's delayed push on the embedded store outlives the hub: the step is armed in the
 * store with its due time (from the question's creation), so a hub opened on the same data
 * dir during the wait sends it when due, once, and leaves alone a question seen or answered
 * before the restart.
 */
describe("a delayed push across a restart of the embedded hub", () => {
  let folder: TempDataDir;
  let receiver: LoopbackReceiver;
  beforeAll(async () => {
    folder = createTempDataDir("routing-restart");
    receiver = await startLoopbackReceiver();
  });
  afterEach(() => {
    receiver.received.length = 0;
  });
  afterAll(async () => {
    await receiver.close();
    folder.remove();
  });
  const pushedTo = (path: string) => receiver.received.filter((each) => each.path === path);

  /** A person whose phone (no socket) takes pushes at `/push/<prefix>`; a 2 s push wait by default. */
  async function person(
    hub: TestHub,
    prefix: string,
    settings: unknown = PLAN,
  ): Promise<TestLogin> {
    const phone = await hub.registerUser(prefix, "Phone");
    await subscribeToReceiver({ hub, receiver }, phone, `/push/${prefix}`);
    const put = await hub.request("/api/settings", {
      method: "PUT",
      token: phone.token,
      body: settings,
    });
    expect(put.status).toBe(200);
    return phone;
  }

  it("pushes once, about 2 s after the question was asked, with its receipts", async () => {
    const first = await startEmbeddedHub(folder.dir);
    const phone = await person(first, "restart-push");
    const tab = await openTab(first, phone);
    const inquiry = await first.hub.inquiries.create(phone.userId, { question: "Still there?" });
    const askedAt = Date.parse(inquiry.createdAt);
    await settle(500);
    tab.socket.disconnect();
    await first.close();

    const second = await startEmbeddedHub(folder.dir);
    try {
      await receiver.waitForCount(1);
      const pushedAfter = Date.now() - askedAt;
      expect(pushedAfter).toBeGreaterThanOrEqual(2000);
      expect(pushedAfter).toBeLessThan(3000);
      await settle(1000);
      expect(pushedTo("/push/restart-push")).toHaveLength(1);
      await expect
        .poll(() => receiptsOf(second, phone, inquiry.id))
        .toEqual(["push waiting 2", "push delivered"]);
    } finally {
      await second.close();
    }
  });

  it("never pushes a question seen or answered during the wait, nor one pushed already", async () => {
    const first = await startEmbeddedHub(folder.dir);
    const phone = await person(first, "restart-seen");
    const planless = await person(first, "restart-planless", { routing: null });
    await first.hub.inquiries.create(planless.userId, { question: "Pushed at once?" });
    await receiver.waitForCount(1);
    const tab = await openTab(first, phone);
    const seen = await first.hub.inquiries.create(phone.userId, { question: "Seen?" });
    const answered = await first.hub.inquiries.create(phone.userId, { question: "Answered?" });
    await expect.poll(() => tab.created.length).toBe(2);
    const ack = await new Promise<SocketAck<{ recorded: boolean }>>((resolve) =>
      tab.socket.emit("inquiry:receipt", { inquiryId: seen.id, kind: "seen" }, resolve),
    );
    expect(ack).toEqual({ data: { recorded: true } });
    const body = { action: "answer" as const, response: "yes" };
    await first.hub.inquiries.answer(phone.userId, answered.id, body, phone.deviceId);
    tab.socket.disconnect();
    await first.close();

    const second = await startEmbeddedHub(folder.dir);
    try {
      await settle(2500);
      expect(pushedTo("/push/restart-seen")).toEqual([]);
      expect(pushedTo("/push/restart-planless")).toHaveLength(1);
      expect(await receiptsOf(second, phone, seen.id)).toEqual([
        "push waiting 2",
        "push skipped-seen",
      ]);
      expect(await receiptsOf(second, phone, answered.id)).toEqual(["push waiting 2"]);
    } finally {
      await second.close();
    }
  });
});
