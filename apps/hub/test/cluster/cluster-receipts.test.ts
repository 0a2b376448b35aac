import { describe, expect, it } from "vitest";
import { InquiryReceiptsSchema } from "@inquiry-hub/protocol";
import type { InquiryReceipts, SocketAck } from "@inquiry-hub/protocol";
import { useTestCluster } from "../support/cluster-suite";
import type { DeviceSocket } from "../socket-helpers";

function report(socket: DeviceSocket, payload: unknown): Promise<SocketAck<{ recorded: boolean }>> {
  return new Promise((resolve) => socket.emit("inquiry:receipt", payload, resolve));
}

const summary = (receipts: InquiryReceipts["receipts"]) =>
  receipts.map((each) => `${each.kind}:${each.channel}:${each.targetName}`).sort();

describe("delivery receipts on two nodes", () => {
  const cluster = useTestCluster({ name: "receipts", leaseSeconds: 3 });

  it("keeps one record whichever node a device reports to, and tells the devices on both", async () => {
    const { nodeA, nodeB } = cluster();
    const owner = await nodeA.registerUser("spread", "Laptop");
    const phoneLogin = await nodeB.login(owner.username, "Pixel 7");
    const laptop = await nodeA.devices.connect({ token: owner.token });
    const phone = await nodeB.devices.connect({ token: phoneLogin.token });
    const heardOnLaptop: InquiryReceipts[] = [];
    laptop.socket.on("inquiry:receipts", (event) =>
      heardOnLaptop.push(InquiryReceiptsSchema.parse(event)),
    );
    const inquiry = await nodeA.hub.inquiries.create(owner.userId, { question: "Which city?" });
    await expect.poll(() => laptop.created.length + phone.created.length).toBe(2);

    const acks = await Promise.all([
      report(laptop.socket, { inquiryId: inquiry.id, kind: "delivered" }),
      report(phone.socket, { inquiryId: inquiry.id, kind: "delivered" }),
      report(phone.socket, { inquiryId: inquiry.id, kind: "seen" }),
    ]);
    expect(acks).toEqual([
      { data: { recorded: true } },
      { data: { recorded: true } },
      { data: { recorded: true } },
    ]);
    // A repeat on the other node is a repeat all the same.
    const phoneOnA = await nodeA.devices.connect({ token: phoneLogin.token });
    expect(await report(phoneOnA.socket, { inquiryId: inquiry.id, kind: "seen" })).toEqual({
      data: { recorded: false },
    });

    const expected = ["delivered:socket:Laptop", "delivered:socket:Pixel 7", "seen:app:Pixel 7"];
    await expect.poll(() => summary(heardOnLaptop.at(-1)?.receipts ?? [])).toEqual(expected);
    for (const node of [nodeA, nodeB]) {
      const read = await node.request(`/api/inquiries/${inquiry.id}/receipts`, {
        token: owner.token,
      });
      expect(summary(InquiryReceiptsSchema.parse(await read.json()).receipts)).toEqual(expected);
    }
    await nodeA.hub.inquiries.cancel(inquiry.id);
  });
});
