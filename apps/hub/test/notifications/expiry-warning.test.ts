import { describe, expect, it } from "vitest";
import { PushMessageSchema, expiryWarningAt } from "@inquiry-hub/protocol";
import type { InquiryExpiring, PushMessage } from "@inquiry-hub/protocol";
import type { FakeBrowserKeys } from "@inquiry-hub/test-kit";
import { subscribeToReceiver, useHubAndReceiver } from "../support/hub-and-receiver";
import { nextEvent } from "../socket-helpers";
import type { DeviceSocket } from "../socket-helpers";

/** Resolves after `ms`; only to let a deadline pass, never to wait for an event. */
const pass = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** How late a timer may run on a loaded machine without the test calling it wrong. */
const SCHEDULING_SLACK_MS = 1_000;

/** Every `inquiry:expiring` a socket hears, with when it arrived. */
function recordWarnings(socket: DeviceSocket): { event: InquiryExpiring; at: number }[] {
  const heard: { event: InquiryExpiring; at: number }[] = [];
  socket.on("inquiry:expiring", (event) => heard.push({ event, at: Date.now() }));
  return heard;
}

/**
 * Expiry warnings: a 5 s question warns at 4 s (a fifth left) on every connected device and
 * by push on the device without a socket; a resolved one never warns; an extended one warns
 * again for its new deadline. Real sockets, a real push sender and a loopback push service.
 */
describe("Expiry warnings", () => {
  const suite = useHubAndReceiver({
    pushAllowPrivate: true,
    extendStepSeconds: 2,
    extendMaxSeconds: 10,
  });

  /** The pushes that reached `path`, decrypted with that browser's keys. */
  function pushesTo(path: string, browser: FakeBrowserKeys): PushMessage[] {
    return suite.receiver.received
      .filter((each) => each.path === path)
      .map((each) => PushMessageSchema.parse(JSON.parse(browser.decrypt(each.body))));
  }

  it("warns every connected device at a fifth of the time left and pushes once to the device without a socket", async () => {
    const phone = await suite.hub.registerUser("warned", "Phone");
    const laptop = await suite.hub.login(phone.username, "Laptop");
    const desktop = await suite.hub.login(phone.username, "Desktop");
    const phoneBrowser = await subscribeToReceiver(suite, phone, "/push/warned-phone");
    const laptopBrowser = await subscribeToReceiver(suite, laptop, "/push/warned-laptop");
    const devices = await Promise.all(
      [laptop, desktop].map((login) => suite.hub.devices.connect({ token: login.token })),
    );
    const heard = devices.map((device) => recordWarnings(device.socket));

    const inquiry = await suite.hub.hub.inquiries.create(phone.userId, {
      question: "Ship the release?",
      options: ["Yes", "No"],
      timeoutMs: 5_000,
    });
    const warnAt = expiryWarningAt(inquiry);
    expect(warnAt - Date.parse(inquiry.createdAt)).toBe(4_000);

    await pass(warnAt - 300 - Date.now());
    expect(heard.flat()).toEqual([]);
    expect(pushesTo("/push/warned-phone", phoneBrowser).map((each) => each.type)).toEqual([
      "inquiry:new",
    ]);

    const warnings = await Promise.all(
      devices.map((device) =>
        nextEvent(device.socket, "inquiry:expiring", (each) => each.inquiryId === inquiry.id),
      ),
    );
    for (const warning of warnings)
      expect(warning).toStrictEqual({ inquiryId: inquiry.id, expiresAt: inquiry.expiresAt });
    for (const device of heard) {
      expect(device).toHaveLength(1);
      expect(device[0]?.at).toBeGreaterThanOrEqual(warnAt);
      // Before the deadline on a quiet machine; the slack absorbs a loaded CI's timer delays.
      expect(device[0]?.at).toBeLessThan(Date.parse(inquiry.expiresAt) + SCHEDULING_SLACK_MS);
    }

    await suite.receiver.waitForCount(2);
    expect(pushesTo("/push/warned-phone", phoneBrowser)).toEqual([
      expect.objectContaining({ type: "inquiry:new" }),
      {
        type: "inquiry:expiring",
        inquiry: {
          id: inquiry.id,
          type: "INQUIRY",
          question: "Ship the release?",
          expiresAt: inquiry.expiresAt,
        },
        actions: [
          { type: "option", value: "Yes" },
          { type: "option", value: "No" },
        ],
        deviceName: "Phone",
      },
    ]);
    expect(pushesTo("/push/warned-laptop", laptopBrowser)).toEqual([]);

    // The question's notifier and the warning's each withdraw what they pushed: twice here.
    await suite.hub.hub.inquiries.cancel(inquiry.id);
    await suite.receiver.waitForCount(4);
    const withdrawn = { type: "inquiry:withdrawn", inquiryId: inquiry.id, status: "cancelled" };
    expect(pushesTo("/push/warned-phone", phoneBrowser).slice(2)).toEqual([withdrawn, withdrawn]);
    expect(pushesTo("/push/warned-laptop", laptopBrowser)).toEqual([]);
    expect(heard.map((device) => device.length)).toEqual([1, 1]);
  });

  it("never warns about a resolved inquiry", async () => {
    const phone = await suite.hub.registerUser("resolved", "Phone");
    const browser = await subscribeToReceiver(suite, phone, "/push/resolved");
    const laptop = await suite.hub.devices.connect({
      token: (await suite.hub.login(phone.username)).token,
    });
    const heard = recordWarnings(laptop.socket);

    const inquiry = await suite.hub.hub.inquiries.create(phone.userId, {
      question: "Quick one?",
      timeoutMs: 1_500,
    });
    await suite.receiver.waitForCount(1);
    await suite.hub.hub.inquiries.answer(
      phone.userId,
      inquiry.id,
      { action: "answer", response: "Yes" },
      phone.deviceId,
    );

    await pass(expiryWarningAt(inquiry) + 500 - Date.now());
    expect(heard).toEqual([]);
    expect(pushesTo("/push/resolved", browser).map((each) => each.type)).toEqual([
      "inquiry:new",
      "inquiry:withdrawn",
    ]);
  });

  it("warns again for the deadline an Extend sets", async () => {
    const phone = await suite.hub.registerUser("extended", "Phone");
    const browser = await subscribeToReceiver(suite, phone, "/push/extended");
    const laptopLogin = await suite.hub.login(phone.username, "Laptop");
    const laptop = await suite.hub.devices.connect({ token: laptopLogin.token });
    const heard = recordWarnings(laptop.socket);

    const inquiry = await suite.hub.hub.inquiries.create(phone.userId, {
      question: "More time?",
      timeoutMs: 2_000,
    });
    const first = await nextEvent(laptop.socket, "inquiry:expiring");
    expect(first).toStrictEqual({ inquiryId: inquiry.id, expiresAt: inquiry.expiresAt });

    const extended = await suite.hub.hub.inquiries.extend(
      phone.userId,
      inquiry.id,
      laptopLogin.deviceId,
    );
    expect(Date.parse(extended.expiresAt) - Date.parse(inquiry.expiresAt)).toBe(2_000);
    const secondAt = expiryWarningAt(extended);
    expect(secondAt - Date.parse(inquiry.createdAt)).toBe(3_200);

    const second = await nextEvent(laptop.socket, "inquiry:expiring");
    expect(second).toStrictEqual({ inquiryId: inquiry.id, expiresAt: extended.expiresAt });
    expect(heard.map((each) => each.event.expiresAt)).toEqual([
      inquiry.expiresAt,
      extended.expiresAt,
    ]);
    expect(heard[1]?.at).toBeGreaterThanOrEqual(secondAt);

    await suite.receiver.waitForCount(3);
    expect(
      pushesTo("/push/extended", browser).map((each) =>
        each.type === "inquiry:new" || each.type === "inquiry:expiring"
          ? [each.type, each.inquiry.expiresAt]
          : each.type,
      ),
    ).toEqual([
      ["inquiry:new", inquiry.expiresAt],
      ["inquiry:expiring", inquiry.expiresAt],
      ["inquiry:expiring", extended.expiresAt],
    ]);
    await suite.hub.hub.inquiries.cancel(inquiry.id);
    await suite.receiver.waitForCount(5);
  });
});
