import { setTimeout as sleep } from "node:timers/promises";
import { DeviceListResponseSchema } from "@inquiry-hub/protocol";
import { describe, expect, it } from "vitest";
import { callUntilOpened, resultText } from "../helpers";
import { useTestCluster } from "../support/cluster-suite";

/**
 * Two hub nodes in this process sharing one real redis-server: users, devices and inquiries
 * live in Redis, events cross nodes over pub/sub, devices connect to either node.
 */
describe("two hub nodes on one Redis", () => {
  const cluster = useTestCluster({ name: "nodes", leaseSeconds: 3 }, { heartbeatSeconds: 30 });

  it("shares accounts: a user registered on node A logs in and is known on node B", async () => {
    const { nodeA, nodeB } = cluster();
    const onA = await nodeA.registerUser("shared");
    const onB = await nodeB.login(onA.username, "laptop");
    expect(onB.userId).toBe(onA.userId);
    const devices = await nodeB.request("/api/devices", { token: onA.token });
    expect(devices.status).toBe(200);
  });

  it("returns an answer posted to node B to the caller held by node A; every device is told once", async () => {
    const { nodeA, nodeB } = cluster();
    const owner = await nodeA.registerUser("split", "desk");
    const phone = await nodeB.login(owner.username, "phone");
    const tablet = await nodeB.login(owner.username, "tablet");
    const devices = await Promise.all([
      nodeA.devices.connect({ token: owner.token }),
      nodeB.devices.connect({ token: phone.token }),
      nodeB.devices.connect({ token: tablet.token }),
    ]);

    const client = await nodeA.connectMcp(owner.token);
    const { call, opened } = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Which city?" } },
      "INQUIRY",
    );
    await expect.poll(() => devices.every((device) => device.created.length === 1)).toBe(true);

    const answered = await nodeB.request(`/api/inquiries/${opened.inquiryId}/answer`, {
      token: phone.token,
      body: { response: "Rome" },
    });
    expect(answered.status).toBe(200);
    expect(resultText(await call)).toBe("Rome");

    await expect.poll(() => devices.every((device) => device.withdrawn.length === 1)).toBe(true);
    await sleep(300);
    for (const device of devices) {
      expect(device.created.map((inquiry) => inquiry.id)).toEqual([opened.inquiryId]);
      expect(device.withdrawn).toEqual([
        expect.objectContaining({
          inquiryId: opened.inquiryId,
          status: "answered",
          byDeviceId: phone.deviceId,
        }),
      ]);
    }
  });

  it("cuts a device revoked on node B off its socket on node A", async () => {
    const { nodeA, nodeB } = cluster();
    const owner = await nodeB.registerUser("revoke");
    const laptop = await nodeA.login(owner.username, "laptop");
    const device = await nodeA.devices.connect({ token: laptop.token });
    const gone = new Promise((resolve) => device.socket.once("disconnect", resolve));

    const revoked = await nodeB.request(`/api/devices/${laptop.deviceId}`, {
      method: "DELETE",
      token: owner.token,
    });
    expect(revoked.status).toBeLessThan(300);
    await gone;
  });

  it("reports presence across nodes: a device connected to node A is online on node B", async () => {
    const { nodeA, nodeB } = cluster();
    const owner = await nodeB.registerUser("presence");
    const laptop = await nodeA.login(owner.username, "laptop");
    await nodeA.devices.connect({ token: laptop.token });
    const listed = DeviceListResponseSchema.parse(
      await (await nodeB.request("/api/devices", { token: owner.token })).json(),
    ).devices;
    expect(listed.find((device) => device.id === laptop.deviceId)?.online).toBe(true);
  });
});
