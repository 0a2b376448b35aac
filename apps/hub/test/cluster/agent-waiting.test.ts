import { randomUUID } from "node:crypto";
import { InquiryAgentWaitingSchema, InquirySchema } from "@inquiry-hub/protocol";
import type { InquiryAgentWaiting } from "@inquiry-hub/protocol";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { nextEvent } from "../socket-helpers";
import type { DeviceSocket } from "../socket-helpers";
import { useTestCluster } from "../support/cluster-suite";

/** Every `inquiry:agent-waiting` a device hears, validated, in arrival order. */
function recordAgentWaiting(socket: DeviceSocket): InquiryAgentWaiting[] {
  const heard: InquiryAgentWaiting[] = [];
  socket.on("inquiry:agent-waiting", (change) =>
    heard.push(InquiryAgentWaitingSchema.parse(change)),
  );
  return heard;
}

/**
 * Whether the agent waits: a call that detached (client timeout, dropped connection, hold
 * budget spent) leaves the question open, and every device's card says whether a call of the
 * agent waits for the answer right now, live and after a reload.
 */
describe("agent waiting on one hub", () => {
  let hub: TestHub;
  let phone: TestLogin;
  let laptop: TestLogin;

  beforeEach(async () => {
    hub = await startTestHub();
    phone = await hub.registerUser("waiting", "Phone");
    laptop = await hub.login(phone.username, "Laptop");
  });
  afterEach(() => hub.close());

  it("tells every device when the agent steps away and comes back, and the pending list and API carry it", async () => {
    const [onPhone, onLaptop] = await Promise.all(
      [phone, laptop].map((login) => hub.devices.connect({ token: login.token })),
    );
    if (onPhone === undefined || onLaptop === undefined) throw new Error("devices missing");
    const heardOnPhone = recordAgentWaiting(onPhone.socket);
    const heardOnLaptop = recordAgentWaiting(onLaptop.socket);
    const inquiry = await hub.hub.inquiries.create(phone.userId, { question: "Which city?" });
    await expect.poll(() => onPhone.created.length + onLaptop.created.length).toBe(2);
    expect(onPhone.created[0]?.agentWaiting).toBeUndefined();

    await hub.hub.inquiries.setAgentWaiting(phone.userId, inquiry.id, true);
    const away = { inquiryId: inquiry.id, agentWaiting: false };
    const heardAway = [onPhone, onLaptop].map((device) =>
      nextEvent(device.socket, "inquiry:agent-waiting"),
    );
    await hub.hub.inquiries.setAgentWaiting(phone.userId, inquiry.id, false);
    expect(await Promise.all(heardAway)).toStrictEqual([away, away]);

    const read = await hub.request(`/api/inquiries/${inquiry.id}`, { token: phone.token });
    expect(InquirySchema.parse(await read.json()).agentWaiting).toBe(false);
    const reloaded = await hub.devices.connect({ token: laptop.token });
    expect(reloaded.pending.map((each) => [each.id, each.agentWaiting])).toStrictEqual([
      [inquiry.id, false],
    ]);

    await hub.hub.inquiries.setAgentWaiting(phone.userId, inquiry.id, false);
    const back = { inquiryId: inquiry.id, agentWaiting: true };
    const heardBack = nextEvent(reloaded.socket, "inquiry:agent-waiting");
    await hub.hub.inquiries.setAgentWaiting(phone.userId, inquiry.id, true);
    expect(await heardBack).toStrictEqual(back);
    // The first `true` (absent already meant waiting) and the repeated `false` sent nothing.
    await expect.poll(() => heardOnPhone).toStrictEqual([away, back]);
    expect(heardOnLaptop).toStrictEqual([away, back]);
  });

  it("changes nothing once the inquiry is final, and refuses other users' inquiries", async () => {
    const device = await hub.devices.connect({ token: phone.token });
    const heard = recordAgentWaiting(device.socket);
    const inquiry = await hub.hub.inquiries.create(phone.userId, { question: "Ship it?" });
    await hub.hub.inquiries.cancel(inquiry.id);
    await expect.poll(() => device.withdrawn.length).toBe(1);

    await hub.hub.inquiries.setAgentWaiting(phone.userId, inquiry.id, false);
    const stored = await hub.hub.inquiries.get(phone.userId, inquiry.id);
    expect(stored.status).toBe("cancelled");
    expect(stored.agentWaiting).toBeUndefined();

    const stranger = await hub.registerUser("stranger");
    await expect(
      hub.hub.inquiries.setAgentWaiting(stranger.userId, inquiry.id, false),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(
      hub.hub.inquiries.setAgentWaiting(phone.userId, randomUUID(), false),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });

    const open = await hub.hub.inquiries.create(phone.userId, { question: "Still there?" });
    const next = nextEvent(device.socket, "inquiry:agent-waiting");
    await hub.hub.inquiries.setAgentWaiting(phone.userId, open.id, false);
    expect(await next).toStrictEqual({ inquiryId: open.id, agentWaiting: false });
    expect(heard).toStrictEqual([{ inquiryId: open.id, agentWaiting: false }]);
  });
});

describe("agent waiting on two nodes", () => {
  const cluster = useTestCluster({ name: "agent-waiting", leaseSeconds: 3 });

  it("reaches the person's devices on every node and survives a reload on another node", async () => {
    const { nodeA, nodeB } = cluster();
    const owner = await nodeA.registerUser("spread", "Laptop");
    const phoneLogin = await nodeB.login(owner.username, "Pixel 7");
    const laptop = await nodeA.devices.connect({ token: owner.token });
    const phone = await nodeB.devices.connect({ token: phoneLogin.token });
    const inquiry = await nodeA.hub.inquiries.create(owner.userId, { question: "Which city?" });
    await expect.poll(() => laptop.created.length + phone.created.length).toBe(2);

    const away = { inquiryId: inquiry.id, agentWaiting: false };
    const heard = [laptop, phone].map((device) =>
      nextEvent(device.socket, "inquiry:agent-waiting"),
    );
    await nodeA.hub.inquiries.setAgentWaiting(owner.userId, inquiry.id, false);
    expect(await Promise.all(heard)).toStrictEqual([away, away]);

    const reloaded = await nodeB.devices.connect({ token: phoneLogin.token });
    expect(reloaded.pending.map((each) => [each.id, each.agentWaiting])).toStrictEqual([
      [inquiry.id, false],
    ]);

    const heardBack = nextEvent(laptop.socket, "inquiry:agent-waiting");
    await nodeB.hub.inquiries.setAgentWaiting(owner.userId, inquiry.id, true);
    expect(await heardBack).toStrictEqual({ inquiryId: inquiry.id, agentWaiting: true });
    const listed = await nodeA.request("/api/inquiries?status=pending", { token: owner.token });
    expect(((await listed.json()) as { agentWaiting?: boolean }[])[0]?.agentWaiting).toBe(true);
  });
});
