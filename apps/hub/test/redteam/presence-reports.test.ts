import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRESENCE_LEAVE_GRACE_MS } from "../../src/features/accounts/device-attention";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import type { DeviceSocket, TestDevice } from "../socket-helpers";

function reportPresence(socket: DeviceSocket, payload: unknown): Promise<unknown> {
  return new Promise((resolve) => socket.emit("presence:report", payload, resolve));
}

/**
 * A device's `presence:report` over its own socket: kept for that device only, another
 * person's (or another device's) presence cannot be claimed, a flood is dropped unkept.
 */
describe("red team: presence reports", () => {
  let hub: TestHub;
  let ada: TestLogin;
  let bob: TestLogin;
  let adaTab: TestDevice;
  let bobTab: TestDevice;
  beforeAll(async () => {
    hub = await startTestHub();
    ada = await hub.registerUser("presence-ada", "Desk");
    bob = await hub.registerUser("presence-bob", "Desk");
    adaTab = await hub.devices.connect({ token: ada.token });
    bobTab = await hub.devices.connect({ token: bob.token });
  });
  afterAll(() => hub.close());

  it("keeps a report for the socket's own device and person", async () => {
    expect(await reportPresence(adaTab.socket, { visible: true, focused: true })).toEqual({
      data: { kept: true },
    });
    expect(await hub.hub.attention.hereDevices(ada.userId)).toEqual([ada.deviceId]);
    expect(await hub.hub.attention.hereDevices(bob.userId)).toEqual([]);
  });

  it.each([
    ["another person's device", (target: TestLogin) => ({ deviceId: target.deviceId })],
    ["another person", (target: TestLogin) => ({ userId: target.userId })],
  ])("refuses a report naming %s, changing nothing", async (_name, extra) => {
    const answer = await reportPresence(bobTab.socket, {
      visible: true,
      focused: true,
      ...extra(ada),
    });
    expect(answer).toMatchObject({ error: { code: "BAD_REQUEST" } });
    expect(await hub.hub.attention.hereDevices(bob.userId)).toEqual([]);
    expect(await hub.hub.attention.hereDevices(ada.userId)).toEqual([ada.deviceId]);
  });

  it("refuses a malformed report with BAD_REQUEST naming the field", async () => {
    const answer = await reportPresence(bobTab.socket, { visible: "yes", focused: true });
    expect(JSON.stringify(answer)).toMatch(/BAD_REQUEST.*visible/);
  });

  it("drops a flood of reports: at most one kept per device per second", async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        reportPresence(bobTab.socket, { visible: true, focused: index % 2 === 0 }),
      ),
    );
    const kept = answers.filter((answer) => JSON.stringify(answer) === '{"data":{"kept":true}}');
    expect(kept.length).toBeLessThanOrEqual(1);
    expect(answers).toHaveLength(50);
  });

  it(
    "forgets a device whose socket closed once the leave grace is over, not before",
    async () => {
      const closedAt = Date.now();
      adaTab.socket.disconnect();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await hub.hub.attention.hereDevices(ada.userId)).toEqual([ada.deviceId]);
      await waitFor(
        async () =>
          (await hub.hub.attention.hereDevices(ada.userId)).length === 0 ? true : undefined,
        PRESENCE_LEAVE_GRACE_MS + 5_000,
      );
      expect(Date.now() - closedAt).toBeGreaterThanOrEqual(PRESENCE_LEAVE_GRACE_MS - 1_000);
    },
    PRESENCE_LEAVE_GRACE_MS + 10_000,
  );
});
