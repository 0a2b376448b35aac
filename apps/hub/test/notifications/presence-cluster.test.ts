import { describe, expect, it } from "vitest";
import { startLoopbackReceiver } from "@inquiry-hub/test-kit";
import { useTestCluster } from "../support/cluster-suite";
import { subscribeToReceiver } from "../support/hub-and-receiver";
import { useForSuite } from "../support/suite-resource";

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Presence across nodes on one redis-server: a tab in front of the person on node A holds the
 * plan's push of a question asked on node B, and once that tab is hidden the push goes at once.
 */
describe("presence across nodes", () => {
  const cluster = useTestCluster({ name: "presence", leaseSeconds: 3 }, { pushAllowPrivate: true });
  const receiver = useForSuite(
    "startLoopbackReceiver",
    () => startLoopbackReceiver(),
    (started) => started.close(),
  );

  it("reads a tab on node A when routing a question on node B", async () => {
    const { nodeA, nodeB } = cluster();
    const phone = await nodeB.registerUser("presence-phone", "Phone");
    await subscribeToReceiver({ hub: nodeB, receiver: receiver() }, phone, "/push/phone");
    const settings = { routing: { pushAfterSeconds: 1, webhookAfterSeconds: null } };
    const put = await nodeB.request("/api/settings", {
      method: "PUT",
      token: phone.token,
      body: settings,
    });
    expect(put.status).toBe(200);

    const laptop = await nodeA.login(phone.username, "Laptop");
    const tab = await nodeA.devices.connect({ token: laptop.token });
    const report = (visible: boolean) =>
      new Promise((resolve) =>
        tab.socket.emit("presence:report", { visible, focused: visible }, resolve),
      );
    expect(await report(true)).toEqual({ data: { kept: true } });
    expect(await nodeB.hub.attention.hereDevices(phone.userId)).toEqual([laptop.deviceId]);

    const started = Date.now();
    await nodeB.hub.inquiries.create(phone.userId, { question: "Held by the tab?" });
    await settle(600);
    expect(receiver().received).toEqual([]);
    await receiver().waitForCount(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);

    await settle(900);
    expect(await report(false)).toEqual({ data: { kept: true } });
    expect(await nodeB.hub.attention.hereDevices(phone.userId)).toEqual([]);
    const hiddenAt = Date.now();
    await nodeB.hub.inquiries.create(phone.userId, { question: "Nobody in front?" });
    await receiver().waitForCount(2);
    expect(Date.now() - hiddenAt).toBeLessThan(1000);
    expect(receiver().received).toHaveLength(2);
  });
});
