import { describe, expect, it } from "vitest";
import { subscribeToReceiver, useHubAndReceiver } from "../support/hub-and-receiver";

/**
 * Presence decides whether a plan's push waits, so holding someone's push back is the abuse to
 * try: another person's tab in front of them, however loudly it reports, and a report that
 * names the victim's device, leave the victim with no tab here, so their push goes at once.
 */
describe("red team: presence cannot hold back another person's push", () => {
  const suite = useHubAndReceiver({ pushAllowPrivate: true });

  it("pushes the victim at once while only the intruder's tab is in front of anyone", async () => {
    const victim = await suite.hub.registerUser("presence-victim", "Phone");
    await subscribeToReceiver(suite, victim, "/push/victim");
    const routing = { pushAfterSeconds: 30, webhookAfterSeconds: null };
    const put = await suite.hub.request("/api/settings", {
      method: "PUT",
      token: victim.token,
      body: { routing },
    });
    expect(put.status).toBe(200);
    const intruder = await suite.hub.registerUser("presence-intruder", "Laptop");
    const tab = await suite.hub.devices.connect({ token: intruder.token });
    try {
      const report = (payload: unknown) =>
        new Promise((resolve) => tab.socket.emit("presence:report", payload, resolve));
      expect(await report({ visible: true, focused: true })).toEqual({ data: { kept: true } });
      const named = { visible: true, focused: true, deviceId: victim.deviceId };
      expect(await report(named)).toMatchObject({ error: { code: "BAD_REQUEST" } });
      expect(await suite.hub.hub.attention.hereDevices(victim.userId)).toEqual([]);

      const asked = Date.now();
      await suite.hub.hub.inquiries.create(victim.userId, { question: "Held back?" });
      await suite.receiver.waitForCount(1);
      expect(Date.now() - asked).toBeLessThan(1000);
    } finally {
      tab.socket.disconnect();
    }
  });
});
