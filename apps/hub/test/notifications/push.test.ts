import { beforeAll, describe, expect, it } from "vitest";
import { PushKeyResponseSchema, PushMessageSchema } from "@inquiry-hub/protocol";
import { createFakeBrowserKeys } from "@inquiry-hub/test-kit";
import { waitFor } from "../helpers";
import {
  registerPushedPhone,
  subscribeToReceiver,
  useHubAndReceiver,
} from "../support/hub-and-receiver";

describe("Web Push", () => {
  // The receiver is a plain-http push service on loopback, reachable only when allowed.
  const suite = useHubAndReceiver({ pushAllowPrivate: true });
  let publicKey: string;

  beforeAll(async () => {
    publicKey = PushKeyResponseSchema.parse(
      await (await suite.hub.request("/api/push/key")).json(),
    ).publicKey;
  });

  it("pushes a new inquiry and its withdrawal to a device without a socket, encrypted and VAPID-signed", async () => {
    const { phone, browser } = await registerPushedPhone(suite, "pushed");
    const inquiry = await suite.hub.hub.inquiries.create(phone.userId, { question: "Which city?" });

    const [created] = await suite.receiver.waitForCount(1);
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

    await suite.hub.hub.inquiries.cancel(inquiry.id);
    const [, withdrawn] = await suite.receiver.waitForCount(2);
    expect(JSON.parse(browser.decrypt(withdrawn?.body ?? Buffer.alloc(0)))).toEqual({
      type: "inquiry:withdrawn",
      inquiryId: inquiry.id,
      status: "cancelled",
    });
  });

  it("offers a question's first options and only the decisions an approval's policy allows", async () => {
    const phone = await suite.hub.registerUser("actions", "Pocket");
    const browser = await subscribeToReceiver(suite, phone, "/push/actions");
    const pushedActions = async (count: number): Promise<unknown> => {
      const received = await suite.receiver.waitForCount(count);
      const message = PushMessageSchema.parse(
        JSON.parse(browser.decrypt(received[count - 1]?.body ?? Buffer.alloc(0))),
      );
      return message.type === "inquiry:new" ? message.actions : undefined;
    };

    const city = await suite.hub.hub.inquiries.create(phone.userId, {
      question: "Which city?",
      options: ["Paris", "Rome", "Oslo"],
    });
    expect(await pushedActions(1)).toEqual([
      { type: "option", value: "Paris" },
      { type: "option", value: "Rome" },
    ]);
    await suite.hub.hub.inquiries.cancel(city.id);
    await suite.receiver.waitForCount(2);

    await suite.hub.hub.inquiries.create(phone.userId, {
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
    const desktop = await suite.hub.registerUser("online", "Desktop");
    await subscribeToReceiver(suite, desktop, "/push/desktop");
    await suite.hub.devices.connect({ token: desktop.token });
    const inquiry = await suite.hub.hub.inquiries.create(desktop.userId, {
      question: "Seen live?",
    });
    await suite.hub.hub.inquiries.cancel(inquiry.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(suite.receiver.received).toEqual([]);
  });

  it("forgets a subscription the push service reports gone", async () => {
    const phone = await suite.hub.registerUser("gone", "Phone");
    await subscribeToReceiver(suite, phone, "/push/gone");
    suite.receiver.respondWith(410);
    await suite.hub.hub.inquiries.create(phone.userId, { question: "First?" });
    await suite.receiver.waitForCount(1);
    await waitFor(async () => {
      const removal = await suite.hub.request("/api/push/subscriptions", {
        method: "DELETE",
        token: phone.token,
        body: { endpoint: new URL("/push/gone", suite.receiver.url).toString() },
      });
      return removal.status === 404 ? true : undefined;
    });
    await suite.hub.hub.inquiries.create(phone.userId, { question: "Second?" });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(suite.receiver.received).toHaveLength(1);
  });

  it("validates subscriptions and lets a device unsubscribe", async () => {
    const user = await suite.hub.registerUser("validate");
    const keys = createFakeBrowserKeys().keys;
    const foreignHttp = await suite.hub.request("/api/push/subscriptions", {
      token: user.token,
      body: { endpoint: "http://push.example.com/x", keys },
    });
    expect(foreignHttp.status).toBe(400);
    const badKeys = await suite.hub.request("/api/push/subscriptions", {
      token: user.token,
      body: { endpoint: "https://push.example.com/x", keys: { p256dh: "short", auth: "x" } },
    });
    expect(badKeys.status).toBe(400);
    await subscribeToReceiver(suite, user, "/push/validate");
    const endpoint = new URL("/push/validate", suite.receiver.url).toString();
    const del = (token: string) =>
      suite.hub.request("/api/push/subscriptions", { method: "DELETE", token, body: { endpoint } });
    const other = await suite.hub.login(user.username);
    expect((await del(other.token)).status).toBe(404);
    expect((await del(user.token)).status).toBe(204);
    expect((await del(user.token)).status).toBe(404);
  });
});
