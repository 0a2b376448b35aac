import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createProgressRecorder, resultText, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";

describe("Socket.IO devices", () => {
  let hub: TestHub;

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.close());
  afterEach(() => hub.devices.closeAll());

  async function logins(prefix: string, names: string[]): Promise<TestLogin[]> {
    const [first, ...rest] = names;
    const registered = await hub.registerUser(prefix, first);
    const more = await Promise.all(rest.map((name) => hub.login(registered.username, name)));
    return [registered, ...more];
  }

  it("refuses handshakes without a valid credential; the connection never opens", async () => {
    const missing = await hub.devices.refused({});
    expect(missing.message).toMatch(/^auth: /);
    expect(missing.data).toEqual({ code: "BAD_REQUEST" });
    const invalid = await hub.devices.refused({ token: "nope" });
    expect(invalid.message).toBe("invalid or expired token");
    expect(invalid.data).toEqual({ code: "UNAUTHORIZED" });
    const badTicket = await hub.devices.refused({ ticket: "nope" });
    expect(badTicket.message).toBe("socket ticket is unknown, used or expired");
  });

  it("fans out to all three of A's devices, none of B's; device 2 wins, 1 and 3 drop it", async () => {
    const [desk, pixel, tab, agent] = await logins("ada", ["Desk", "Pixel 7", "Tab", "Agent"]);
    const [bob1, bob2] = await logins("bob", ["Bob desk", "Bob phone"]);
    if (!desk || !pixel || !tab || !agent || !bob1 || !bob2) throw new Error("logins missing");
    const [one, two, three, strangerOne, strangerTwo] = await Promise.all(
      [desk, pixel, tab, bob1, bob2].map((login) => hub.devices.connect({ token: login.token })),
    );
    if (!one || !two || !three || !strangerOne || !strangerTwo) throw new Error("sockets missing");

    const client = await hub.connectMcp(agent.token);
    const progress = createProgressRecorder();
    const arrivals = [one, two, three].map((device) => nextEvent(device.socket, "inquiry:new"));
    const call = client.callTool(
      { name: "send_inquiry", arguments: { prompt: "Lunch?" } },
      undefined,
      { onprogress: progress.onprogress },
    );
    const [seenByOne, seenByTwo, seenByThree] = await Promise.all(arrivals);
    expect(seenByOne?.question).toBe("Lunch?");
    const inquiryId = seenByOne?.id ?? "";
    expect([seenByTwo?.id, seenByThree?.id]).toEqual([inquiryId, inquiryId]);

    const stolen = await answerOver(strangerOne.socket, { inquiryId, response: "mine" });
    expect(stolen).toEqual({
      error: { code: "NOT_FOUND", message: `inquiry ${inquiryId} not found` },
    });

    const withdrawals = [one, three].map((device) =>
      nextEvent(device.socket, "inquiry:withdrawn", (each) => each.inquiryId === inquiryId),
    );
    const won = await answerOver(two.socket, { inquiryId, response: "Noodles" });
    expect("data" in won && won.data.resolution?.byDeviceId).toBe(pixel.deviceId);
    for (const withdrawn of await Promise.all(withdrawals)) {
      expect(withdrawn).toMatchObject({
        inquiryId,
        status: "answered",
        byDeviceId: pixel.deviceId,
        byDeviceName: "Pixel 7",
      });
    }
    expect(resultText(await call)).toBe("Noodles");
    expect(progress.metas.filter((meta) => meta.type === "INQUIRY_CLOSED")).toHaveLength(1);

    const late = await answerOver(three.socket, { inquiryId, action: "reject" });
    expect(late).toEqual({
      error: {
        code: "CONFLICT",
        message: `inquiry already answered on "Pixel 7" (device ${pixel.deviceId})`,
      },
    });
    for (const device of [strangerOne, strangerTwo]) {
      expect(device.created).toEqual([]);
      expect(device.withdrawn).toEqual([]);
    }
  });

  it("withdraws on every kind of resolution, without a device for hub-made ones", async () => {
    const [owner] = await logins("carol", ["Desk"]);
    if (!owner) throw new Error("login missing");
    const device = await hub.devices.connect({ token: owner.token });
    const inquiry = await hub.hub.inquiries.create(owner.userId, { question: "Cancel me?" });
    const withdrawn = nextEvent(device.socket, "inquiry:withdrawn");
    await hub.hub.inquiries.cancel(inquiry.id);
    const event = await withdrawn;
    expect(event).toMatchObject({ inquiryId: inquiry.id, status: "cancelled" });
    expect(event.byDeviceId).toBeUndefined();
    expect(event.byDeviceName).toBeUndefined();
  });

  it("sends the current pending list on connect and rejects bad payloads", async () => {
    const [owner] = await logins("dave", ["Tablet"]);
    if (!owner) throw new Error("login missing");
    const inquiry = await hub.hub.inquiries.create(owner.userId, { question: "Still open?" });
    const device = await hub.devices.connect({ token: owner.token, deviceName: "Renamed tablet" });
    expect(device.pending.map((each) => each.id)).toEqual([inquiry.id]);

    const bad = await answerOver(device.socket, { inquiryId: inquiry.id, response: 7 });
    expect("error" in bad && bad.error.code).toBe("BAD_REQUEST");
    expect("error" in bad && bad.error.message).toMatch(/^response: /);
    const notAnObject = await answerOver(device.socket, "hello");
    expect("error" in notAnObject && notAnObject.error.code).toBe("BAD_REQUEST");
    expect((await hub.hub.inquiries.get(owner.userId, inquiry.id)).status).toBe("pending");

    const me = await hub.request("/api/auth/me", { token: owner.token });
    expect(await me.json()).toMatchObject({ device: { name: "Renamed tablet", online: true } });
  });
});
