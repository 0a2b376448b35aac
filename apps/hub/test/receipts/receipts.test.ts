import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  AgentRunCredentialSchema,
  HistoryDetailSchema,
  InquiryReceiptsSchema,
} from "@inquiry-hub/protocol";
import type { InquiryReceipts, SocketAck } from "@inquiry-hub/protocol";
import { createFakeBrowserKeys, startLoopbackReceiver } from "@inquiry-hub/test-kit";
import type { LoopbackReceiver } from "@inquiry-hub/test-kit";
import { callUntilOpened, resultText, startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { answerOver } from "../socket-helpers";
import type { DeviceSocket } from "../socket-helpers";
import { RECEIPT_REPORTS_PER_MINUTE } from "../../src/features/receipts/socket/receipt-reports";

function report(socket: DeviceSocket, payload: unknown): Promise<SocketAck<{ recorded: boolean }>> {
  return new Promise((resolve) => socket.emit("inquiry:receipt", payload, resolve));
}

/** Every `inquiry:receipts` the socket hears, newest last. */
function receiptEvents(socket: DeviceSocket): InquiryReceipts[] {
  const heard: InquiryReceipts[] = [];
  socket.on("inquiry:receipts", (event) => heard.push(InquiryReceiptsSchema.parse(event)));
  return heard;
}

const summary = (receipts: InquiryReceipts["receipts"]) =>
  receipts.map((each) => `${each.kind}:${each.channel}:${each.targetName}`).sort();

describe("delivery receipts", () => {
  let hub: TestHub;
  let receiver: LoopbackReceiver;

  beforeAll(async () => {
    hub = await startTestHub({ pushAllowPrivate: true });
    receiver = await startLoopbackReceiver();
  });
  afterEach(() => hub.devices.closeAll());
  afterAll(async () => {
    await receiver.close();
    await hub.close();
  });

  it("records delivered and seen per device, tells every device, and leaves the agent's result alone", async () => {
    const owner = await hub.registerUser("receipts", "Laptop");
    const phoneLogin = await hub.login(owner.username, "Pixel 7");
    const laptop = await hub.devices.connect({ token: owner.token });
    const phone = await hub.devices.connect({ token: phoneLogin.token });
    const heardOnLaptop = receiptEvents(laptop.socket);
    const client = await hub.connectMcp(owner.token);
    const { call, inquiryId } = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Which city?" } },
      "INQUIRY",
    );
    await expect.poll(() => laptop.created.length + phone.created.length).toBe(2);

    expect(await report(laptop.socket, { inquiryId, kind: "delivered" })).toEqual({
      data: { recorded: true },
    });
    expect(await report(phone.socket, { inquiryId, kind: "delivered" })).toEqual({
      data: { recorded: true },
    });
    expect(await report(phone.socket, { inquiryId, kind: "delivered" })).toEqual({
      data: { recorded: false },
    });
    expect(await report(phone.socket, { inquiryId, kind: "seen", via: "notification" })).toEqual({
      data: { recorded: true },
    });

    const expected = [
      "delivered:socket:Laptop",
      "delivered:socket:Pixel 7",
      "seen:notification:Pixel 7",
    ];
    await expect.poll(() => summary(heardOnLaptop.at(-1)?.receipts ?? [])).toEqual(expected);
    const listed = await hub.request(`/api/inquiries/${inquiryId}/receipts`, {
      token: owner.token,
    });
    expect(listed.status).toBe(200);
    const body = InquiryReceiptsSchema.parse(await listed.json());
    expect(summary(body.receipts)).toEqual(expected);
    expect(body.receipts.find((each) => each.kind === "seen")?.targetId).toBe(phoneLogin.deviceId);

    await answerOver(phone.socket, { inquiryId, response: "Rome" });
    expect(resultText(await call)).toBe("Rome");
    expect(await report(laptop.socket, { inquiryId, kind: "seen" })).toEqual({
      data: { recorded: false },
    });
    const detail = HistoryDetailSchema.parse(
      await (await hub.request(`/api/history/${inquiryId}`, { token: owner.token })).json(),
    );
    expect(summary(detail.item.receipts ?? [])).toEqual(expected);
  });

  it("records a push the push service accepted as delivered to that device", async () => {
    const owner = await hub.registerUser("pushed", "Pocket");
    const browser = createFakeBrowserKeys();
    const subscribed = await hub.request("/api/push/subscriptions", {
      token: owner.token,
      body: { endpoint: new URL("/push/pocket", receiver.url).toString(), keys: browser.keys },
    });
    expect(subscribed.status).toBe(201);
    const inquiry = await hub.hub.inquiries.create(owner.userId, { question: "Tea?" });
    await receiver.waitForCount(1);

    await expect
      .poll(async () => {
        const response = await hub.request(`/api/inquiries/${inquiry.id}/receipts`, {
          token: owner.token,
        });
        return summary(InquiryReceiptsSchema.parse(await response.json()).receipts);
      })
      .toEqual(["delivered:push:Pocket"]);
    await hub.hub.inquiries.cancel(inquiry.id);
  });

  it("refuses reports and reads about someone else's inquiry, bad payloads and agent credentials, recording nothing", async () => {
    const owner = await hub.registerUser("owner");
    const stranger = await hub.registerUser("stranger");
    const strangerDevice = await hub.devices.connect({ token: stranger.token });
    const inquiry = await hub.hub.inquiries.create(owner.userId, { question: "Secret?" });

    const foreign = await report(strangerDevice.socket, { inquiryId: inquiry.id, kind: "seen" });
    expect(foreign).toMatchObject({ error: { code: "NOT_FOUND" } });
    const malformed = await report(strangerDevice.socket, {
      inquiryId: "not-a-uuid",
      kind: "seen",
    });
    expect(malformed).toMatchObject({ error: { code: "BAD_REQUEST" } });
    expect("error" in malformed && malformed.error.message).toContain("inquiryId");
    expect(
      await report(strangerDevice.socket, { inquiryId: inquiry.id, kind: "read" }),
    ).toMatchObject({ error: { code: "BAD_REQUEST" } });

    const strangerRead = await hub.request(`/api/inquiries/${inquiry.id}/receipts`, {
      token: stranger.token,
    });
    expect(strangerRead.status).toBe(404);
    const minted = await hub.request("/api/agent-runs", { token: owner.token, body: {} });
    const agent = AgentRunCredentialSchema.parse(await minted.json()).token;
    const agentRead = await hub.request(`/api/inquiries/${inquiry.id}/receipts`, { token: agent });
    expect(agentRead.status).toBe(403);
    expect((await hub.request(`/api/inquiries/nope/receipts`, { token: owner.token })).status).toBe(
      400,
    );

    const ownRead = await hub.request(`/api/inquiries/${inquiry.id}/receipts`, {
      token: owner.token,
    });
    expect(InquiryReceiptsSchema.parse(await ownRead.json()).receipts).toEqual([]);
    await hub.hub.inquiries.cancel(inquiry.id);
  });

  it("refuses a socket's reports past the per-minute limit without recording them", async () => {
    const owner = await hub.registerUser("flood");
    const device = await hub.devices.connect({ token: owner.token });
    const inquiry = await hub.hub.inquiries.create(owner.userId, { question: "Flood?" });

    const acks = await Promise.all(
      Array.from({ length: RECEIPT_REPORTS_PER_MINUTE }, () =>
        report(device.socket, { inquiryId: inquiry.id, kind: "delivered" }),
      ),
    );
    expect(acks.filter((ack) => "data" in ack && ack.data.recorded)).toHaveLength(1);
    const refused = await report(device.socket, { inquiryId: inquiry.id, kind: "seen" });
    expect(refused).toMatchObject({ error: { code: "RATE_LIMITED" } });
    const read = await hub.request(`/api/inquiries/${inquiry.id}/receipts`, {
      token: owner.token,
    });
    expect(summary(InquiryReceiptsSchema.parse(await read.json()).receipts)).toEqual([
      `delivered:socket:${owner.deviceName}`,
    ]);
    await hub.hub.inquiries.cancel(inquiry.id);
  });
});
