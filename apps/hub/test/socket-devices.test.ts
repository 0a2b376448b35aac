import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { io } from "socket.io-client";
import type { Socket } from "socket.io-client";
import type {
  ClientToServerEvents,
  Inquiry,
  InquiryWithdrawn,
  ServerToClientEvents,
  SocketAck,
} from "@inquiry-hub/protocol";
import { createProgressRecorder, resultText, startTestHub } from "./helpers";
import type { TestHub } from "./helpers";

type DeviceSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

describe("Socket.IO devices", () => {
  let hub: TestHub;
  const sockets: DeviceSocket[] = [];

  beforeEach(async () => {
    hub = await startTestHub();
  });
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.disconnect();
    await hub.close();
  });

  /** Connects a device and resolves once its first pending list arrived. */
  async function connectDevice(
    token: string,
    deviceId: string,
  ): Promise<{ socket: DeviceSocket; pending: Inquiry[] }> {
    const socket: DeviceSocket = io(hub.url.origin, {
      auth: { token, deviceId },
      transports: ["websocket"],
      reconnection: false,
    });
    sockets.push(socket);
    const pending = await new Promise<Inquiry[]>((resolve, reject) => {
      socket.once("inquiry:pending", resolve);
      socket.once("connect_error", reject);
    });
    return { socket, pending };
  }

  function nextEvent<E extends "inquiry:new" | "inquiry:withdrawn">(
    socket: DeviceSocket,
    event: E,
  ): Promise<E extends "inquiry:new" ? Inquiry : InquiryWithdrawn> {
    return new Promise((resolve) => {
      socket.once(event, resolve as never);
    });
  }

  function answer(socket: DeviceSocket, payload: unknown): Promise<SocketAck<Inquiry>> {
    return new Promise((resolve) => socket.emit("inquiry:answer", payload, resolve));
  }

  it("refuses a handshake without a valid token", async () => {
    const socket: DeviceSocket = io(hub.url.origin, {
      auth: { token: "nope" },
      transports: ["websocket"],
      reconnection: false,
    });
    sockets.push(socket);
    const error = await new Promise<Error>((resolve) => socket.once("connect_error", resolve));
    expect(error.message).toBe("invalid or expired token");
  });

  it("fans out to every device of the owner, one answer wins, all drop the card", async () => {
    const owner = await hub.registerUser("owner");
    const stranger = await hub.registerUser("stranger");
    const phone = await connectDevice(owner.token, "phone");
    const laptop = await connectDevice(owner.token, "laptop");
    const other = await connectDevice(stranger.token, "other");
    expect(phone.pending).toEqual([]);
    let strangerSaw = 0;
    other.socket.on("inquiry:new", () => (strangerSaw += 1));
    other.socket.on("inquiry:withdrawn", () => (strangerSaw += 1));

    const client = await hub.connectMcp(owner.token);
    const progress = createProgressRecorder();
    const phoneNew = nextEvent(phone.socket, "inquiry:new");
    const laptopNew = nextEvent(laptop.socket, "inquiry:new");
    const call = client.callTool(
      { name: "send_inquiry", arguments: { prompt: "Lunch?" } },
      undefined,
      {
        onprogress: progress.onprogress,
      },
    );
    const [onPhone, onLaptop] = await Promise.all([phoneNew, laptopNew]);
    expect(onPhone.question).toBe("Lunch?");
    expect(onLaptop.id).toBe(onPhone.id);

    const stolen = await answer(other.socket, { inquiryId: onPhone.id, response: "mine" });
    expect(stolen).toEqual({
      error: { code: "NOT_FOUND", message: `inquiry ${onPhone.id} not found` },
    });

    const phoneWithdrawn = nextEvent(phone.socket, "inquiry:withdrawn");
    const laptopWithdrawn = nextEvent(laptop.socket, "inquiry:withdrawn");
    const won = await answer(phone.socket, { inquiryId: onPhone.id, response: "Noodles" });
    expect("data" in won && won.data.resolution?.byDeviceId).toBe("phone");
    expect(await laptopWithdrawn).toMatchObject({
      inquiryId: onPhone.id,
      status: "answered",
      byDeviceId: "phone",
    });
    expect((await phoneWithdrawn).inquiryId).toBe(onPhone.id);
    expect(resultText(await call)).toBe("Noodles");

    const late = await answer(laptop.socket, { inquiryId: onPhone.id, action: "reject" });
    expect("error" in late && late.error).toEqual({
      code: "CONFLICT",
      message: "inquiry already answered by device phone",
    });
    expect(strangerSaw).toBe(0);
  });

  it("sends the current pending list on (re)connect and rejects bad payloads", async () => {
    const owner = await hub.registerUser();
    const inquiry = await hub.hub.inquiries.create(owner.userId, { question: "Still open?" });
    const device = await connectDevice(owner.token, "tablet");
    expect(device.pending.map((each) => each.id)).toEqual([inquiry.id]);

    const bad = await answer(device.socket, { inquiryId: inquiry.id, response: 7 });
    expect("error" in bad && bad.error.code).toBe("BAD_REQUEST");
    expect("error" in bad && bad.error.message).toMatch(/^response: /);
    expect((await hub.hub.inquiries.get(owner.userId, inquiry.id)).status).toBe("pending");
  });
});
