import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { PushKeyResponseSchema, PushMessageSchema } from "@inquiry-hub/protocol";
import { createFakeBrowserKeys, startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { FakeBrowserKeys, LoopbackReceiver } from "@inquiry-hub/test-kit";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

describe("Web Push", () => {
  let hub: TestHub;
  let receiver: LoopbackReceiver;
  let publicKey: string;

  beforeAll(async () => {
    // The receiver is a plain-http push service on loopback, reachable only when allowed.
    hub = await startTestHub({ pushAllowPrivate: true });
    receiver = await startLoopbackReceiver();
    publicKey = PushKeyResponseSchema.parse(
      await (await hub.request("/api/push/key")).json(),
    ).publicKey;
  });
  afterAll(async () => {
    await receiver.close();
    await hub.close();
  });
  afterEach(() => {
    receiver.received.length = 0;
  });

  async function subscribe(login: TestLogin, path: string): Promise<FakeBrowserKeys> {
    const browser = createFakeBrowserKeys();
    const response = await hub.request("/api/push/subscriptions", {
      token: login.token,
      body: { endpoint: new URL(path, receiver.url).toString(), keys: browser.keys },
    });
    expect(response.status).toBe(201);
    return browser;
  }

  it("pushes a new inquiry and its withdrawal to a device without a socket, encrypted and VAPID-signed", async () => {
    const phone = await hub.registerUser("pushed", "Phone");
    const browser = await subscribe(phone, "/push/phone");
    const inquiry = await hub.hub.inquiries.create(phone.userId, { question: "Which city?" });

    const [created] = await receiver.waitForCount(1);
    expect(created?.path).toBe("/push/phone");
    expect(created?.headers["content-encoding"]).toBe("aes128gcm");
    expect(created?.headers.authorization).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${publicKey}$`),
    );
    expect(created?.headers.topic).toBe(inquiry.id.replaceAll("-", ""));
    expect(
      PushMessageSchema.parse(JSON.parse(browser.decrypt(created?.body ?? Buffer.alloc(0)))),
    ).toEqual({
      type: "inquiry:new",
      inquiry: {
        id: inquiry.id,
        type: "INQUIRY",
        question: "Which city?",
        expiresAt: inquiry.expiresAt,
      },
      actions: [{ type: "open" }],
      deviceName: "Phone",
    });

    await hub.hub.inquiries.cancel(inquiry.id);
    const [, withdrawn] = await receiver.waitForCount(2);
    expect(JSON.parse(browser.decrypt(withdrawn?.body ?? Buffer.alloc(0)))).toEqual({
      type: "inquiry:withdrawn",
      inquiryId: inquiry.id,
      status: "cancelled",
    });
  });

  it("offers a question's first options and only the decisions an approval's policy allows", async () => {
    const phone = await hub.registerUser("actions", "Pocket");
    const browser = await subscribe(phone, "/push/actions");
    const pushedActions = async (count: number): Promise<unknown> => {
      const received = await receiver.waitForCount(count);
      const message = PushMessageSchema.parse(
        JSON.parse(browser.decrypt(received[count - 1]?.body ?? Buffer.alloc(0))),
      );
      return message.type === "inquiry:new" ? message.actions : undefined;
    };

    const city = await hub.hub.inquiries.create(phone.userId, {
      question: "Which city?",
      options: ["Paris", "Rome", "Oslo"],
    });
    expect(await pushedActions(1)).toEqual([
      { type: "option", value: "Paris" },
      { type: "option", value: "Rome" },
    ]);
    await hub.hub.inquiries.cancel(city.id);
    await receiver.waitForCount(2);

    await hub.hub.inquiries.create(phone.userId, {
      type: "APPROVAL",
      question: "Write notes.txt?",
      approval: {
        upstream: "demo",
        tool: "write_file",
        arguments: { path: "notes.txt" },
        allowedDecisions: ["edit", "reject"],
        description: "Write notes.txt?",
      },
    });
    expect(await pushedActions(3)).toEqual([{ type: "reject" }]);
  });

  it("skips devices with an open socket", async () => {
    const desktop = await hub.registerUser("online", "Desktop");
    await subscribe(desktop, "/push/desktop");
    await hub.devices.connect({ token: desktop.token });
    const inquiry = await hub.hub.inquiries.create(desktop.userId, { question: "Seen live?" });
    await hub.hub.inquiries.cancel(inquiry.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toEqual([]);
  });

  it("forgets a subscription the push service reports gone", async () => {
    const phone = await hub.registerUser("gone", "Phone");
    await subscribe(phone, "/push/gone");
    receiver.respondWith(410);
    await hub.hub.inquiries.create(phone.userId, { question: "First?" });
    await receiver.waitForCount(1);
    await waitFor(async () => {
      const removal = await hub.request("/api/push/subscriptions", {
        method: "DELETE",
        token: phone.token,
        body: { endpoint: new URL("/push/gone", receiver.url).toString() },
      });
      return removal.status === 404 ? true : undefined;
    });
    await hub.hub.inquiries.create(phone.userId, { question: "Second?" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(1);
  });

  it("validates subscriptions and lets a device unsubscribe", async () => {
    const user = await hub.registerUser("validate");
    const keys = createFakeBrowserKeys().keys;
    const foreignHttp = await hub.request("/api/push/subscriptions", {
      token: user.token,
      body: { endpoint: "http://push.example.com/x", keys },
    });
    expect(foreignHttp.status).toBe(400);
    const badKeys = await hub.request("/api/push/subscriptions", {
      token: user.token,
      body: { endpoint: "https://push.example.com/x", keys: { p256dh: "short", auth: "x" } },
    });
    expect(badKeys.status).toBe(400);
    await subscribe(user, "/push/validate");
    const endpoint = new URL("/push/validate", receiver.url).toString();
    const del = (token: string) =>
      hub.request("/api/push/subscriptions", { method: "DELETE", token, body: { endpoint } });
    const other = await hub.login(user.username);
    expect((await del(other.token)).status).toBe(404);
    expect((await del(user.token)).status).toBe(204);
    expect((await del(user.token)).status).toBe(404);
  });
});
