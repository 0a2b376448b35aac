import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";
import { answerOver, disconnected } from "../socket-helpers";

describe("catch-up on (re)connect", () => {
  let hub: TestHub;

  beforeEach(async () => {
    hub = await startTestHub();
  });
  afterEach(() => hub.close());

  it("a device that was away sees exactly what is pending now: no stale card, no missed one", async () => {
    const desk = await hub.registerUser("catcher", "Desk");
    const phone = await hub.login(desk.username, "Phone");
    const deskDevice = await hub.devices.connect({ token: desk.token });
    const held = await hub.hub.inquiries.create(desk.userId, { question: "Held while away?" });

    const phoneBefore = await hub.devices.connect({ token: phone.token });
    expect(phoneBefore.pending.map((inquiry) => inquiry.id)).toEqual([held.id]);
    const gone = disconnected(phoneBefore.socket);
    phoneBefore.socket.disconnect();
    await gone;

    const createdAndResolved = await hub.hub.inquiries.create(desk.userId, {
      question: "Created and resolved while away?",
    });
    for (const inquiry of [held, createdAndResolved]) {
      const ack = await answerOver(deskDevice.socket, { inquiryId: inquiry.id, response: "done" });
      expect("data" in ack).toBe(true);
    }
    const createdWhileAway = await hub.hub.inquiries.create(desk.userId, {
      question: "Created while away?",
    });

    const phoneAfter = await hub.devices.connect({ token: phone.token });
    expect(phoneAfter.pending.map((inquiry) => inquiry.id)).toEqual([createdWhileAway.id]);
    expect(phoneAfter.pending[0]?.status).toBe("pending");

    const late = await answerOver(phoneAfter.socket, { inquiryId: held.id, response: "late" });
    expect(late).toEqual({
      error: {
        code: "CONFLICT",
        message: `inquiry already answered on "Desk" (device ${desk.deviceId})`,
      },
    });
  });
});
