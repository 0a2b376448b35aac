import { AgentRunCredentialSchema, InquirySchema, RESULT_OPENINGS } from "@inquiry-hub/protocol";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { callUntilOpened, resultText, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { answerOver, nextEvent } from "../socket-helpers";

/** Resolves after `ms`; only to let a deadline pass, never to wait for an event. */
const pass = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Extend: a person gives a pending inquiry more time. The asked call (`?timeout=1`, grace
 * 0.3 s) would be timed out by the backstop at 1.3 s; one Extend of 1.5 s moves expiresAt,
 * every device's countdown and the backstop, and the call is answered after the old deadline.
 */
describe("Extend a pending inquiry", () => {
  let hub: TestHub;
  let phone: TestLogin;
  let laptop: TestLogin;

  beforeAll(async () => {
    hub = await startTestHub({
      timeoutGraceSeconds: 0.3,
      extendStepSeconds: 1.5,
      extendMaxSeconds: 4,
    });
  });
  afterAll(() => hub.close());
  beforeEach(async () => {
    phone = await hub.registerUser("ext", "Phone");
    laptop = await hub.login(phone.username, "Laptop");
  });
  afterEach(() => hub.devices.closeAll());

  function extend(inquiryId: string, token: string): Promise<Response> {
    return hub.request(`/api/inquiries/${inquiryId}/extend`, { token, body: {} });
  }

  it("moves expiresAt on every device and keeps the MCP call alive past the old deadline", async () => {
    const [onPhone, onLaptop] = await Promise.all(
      [phone, laptop].map((login) => hub.devices.connect({ token: login.token })),
    );
    if (onPhone === undefined || onLaptop === undefined) throw new Error("devices missing");
    const client = await hub.connectMcp(phone.token, "?timeout=1");
    const asked = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Which city?" } },
      "INQUIRY",
    );
    const before = InquirySchema.parse(
      await (await hub.request(`/api/inquiries/${asked.inquiryId}`, { token: phone.token })).json(),
    );

    const heard = [onPhone, onLaptop].map((device) =>
      nextEvent(device.socket, "inquiry:extended", (each) => each.inquiryId === asked.inquiryId),
    );
    const response = await extend(asked.inquiryId, laptop.token);
    expect(response.status).toBe(200);
    const extended = InquirySchema.parse(await response.json());
    expect(Date.parse(extended.expiresAt) - Date.parse(before.expiresAt)).toBe(1_500);
    for (const event of await Promise.all(heard))
      expect(event).toStrictEqual({
        inquiryId: asked.inquiryId,
        expiresAt: extended.expiresAt,
        byDeviceId: laptop.deviceId,
      });

    await pass(Date.parse(before.expiresAt) + 300 + 400 - Date.now());
    const stillPending = await hub.request(`/api/inquiries/${asked.inquiryId}`, {
      token: phone.token,
    });
    expect(InquirySchema.parse(await stillPending.json()).status).toBe("pending");

    const reconnected = await hub.devices.connect({ token: phone.token });
    expect(reconnected.pending.map((each) => each.expiresAt)).toStrictEqual([extended.expiresAt]);

    const answered = await answerOver(onPhone.socket, {
      inquiryId: asked.inquiryId,
      response: "Rome",
    });
    expect("data" in answered && answered.data.status).toBe("answered");
    expect(resultText(await asked.call)).toBe("Rome");
  });

  it("times out at the extended deadline when nobody answers", async () => {
    const client = await hub.connectMcp(phone.token, "?timeout=1");
    const asked = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Still there?" } },
      "INQUIRY",
    );
    const started = Date.now();
    expect((await extend(asked.inquiryId, phone.token)).status).toBe(200);
    expect(resultText(await asked.call).startsWith(RESULT_OPENINGS.timeout)).toBe(true);
    expect(Date.now() - started).toBeGreaterThan(2_000);
  });

  it("stops at the configured maximum, and refuses resolved inquiries with 409", async () => {
    const client = await hub.connectMcp(phone.token, "?timeout=1");
    const asked = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "How long?" } },
      "INQUIRY",
    );
    const lifetimes: number[] = [];
    for (let step = 0; step < 2; step += 1) {
      const response = await extend(asked.inquiryId, phone.token);
      expect(response.status).toBe(200);
      const inquiry = InquirySchema.parse(await response.json());
      lifetimes.push(Date.parse(inquiry.expiresAt) - Date.parse(inquiry.createdAt));
    }
    expect(lifetimes).toStrictEqual([2_500, 4_000]);
    const atCap = await extend(asked.inquiryId, phone.token);
    expect(atCap.status).toBe(409);
    expect(await atCap.json()).toMatchObject({
      error: { code: "CONFLICT", message: expect.stringMatching(/at most 4 s/) as unknown },
    });

    const answered = await hub.request(`/api/inquiries/${asked.inquiryId}/answer`, {
      token: phone.token,
      body: { response: "Long enough" },
    });
    expect(answered.status).toBe(200);
    expect(resultText(await asked.call)).toBe("Long enough");
    const resolved = await extend(asked.inquiryId, laptop.token);
    expect(resolved.status).toBe(409);
    expect(await resolved.json()).toMatchObject({ error: { code: "CONFLICT" } });
  });

  it("refuses agent credentials (403) and other users (404), changing nothing", async () => {
    const client = await hub.connectMcp(phone.token, "?timeout=1");
    const asked = await callUntilOpened(
      client,
      { name: "send_inquiry", arguments: { prompt: "Mine?" } },
      "INQUIRY",
    );
    const minted = await hub.request("/api/agent-runs", { token: phone.token, body: {} });
    const agent = AgentRunCredentialSchema.parse(await minted.json()).token;
    const stranger = await hub.registerUser("stranger");

    expect((await extend(asked.inquiryId, agent)).status).toBe(403);
    expect((await extend(asked.inquiryId, stranger.token)).status).toBe(404);
    const unchanged = InquirySchema.parse(
      await (await hub.request(`/api/inquiries/${asked.inquiryId}`, { token: phone.token })).json(),
    );
    expect(Date.parse(unchanged.expiresAt) - Date.parse(unchanged.createdAt)).toBe(1_000);
    expect(resultText(await asked.call).startsWith(RESULT_OPENINGS.timeout)).toBe(true);
  });
});
