import { afterEach, describe, expect, it } from "vitest";
import {
  ApiErrorBodySchema,
  AuthResponseSchema,
  DeviceListResponseSchema,
  PairingCodeSchema,
  SocketTicketSchema,
} from "@inquiry-hub/protocol";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub } from "../helpers";

const UNUSABLE = { code: "NOT_FOUND", message: "pairing code is unknown, used or expired" };

describe("pairing and socket tickets", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  async function pairingCode(testHub: TestHub, token: string) {
    const response = await testHub.request("/api/pairing", { token, method: "POST" });
    expect(response.status).toBe(201);
    return PairingCodeSchema.parse(await response.json());
  }

  async function claim(testHub: TestHub, body: object): Promise<Response> {
    return testHub.request("/api/pairing/claim", { body });
  }

  it("a code logs a new device in as its owner, exactly once", async () => {
    hub = await startTestHub();
    const owner = await hub.registerUser("pairer", "Desk");
    const { code, expiresAt } = await pairingCode(hub, owner.token);
    expect(Buffer.from(code, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);

    const claimed = await claim(hub, { code, deviceName: "Pixel 7" });
    expect(claimed.status).toBe(201);
    const phone = AuthResponseSchema.parse(await claimed.json());
    expect(phone.user.id).toBe(owner.userId);
    expect(phone.device).toMatchObject({ name: "Pixel 7", current: true });
    expect(phone.token).not.toBe(owner.token);
    expect((await hub.request("/api/inquiries", { token: phone.token })).status).toBe(200);

    const reused = await claim(hub, { code });
    expect(reused.status).toBe(404);
    expect(ApiErrorBodySchema.parse(await reused.json()).error).toEqual(UNUSABLE);
    const unknown = await claim(hub, { code: "not-a-code" });
    expect(ApiErrorBodySchema.parse(await unknown.json()).error).toEqual(UNUSABLE);
  });

  it("is single use under concurrent claims, and validates input", async () => {
    hub = await startTestHub();
    const owner = await hub.registerUser("racer");
    const { code } = await pairingCode(hub, owner.token);
    const testHub = hub;
    const results = await Promise.all(Array.from({ length: 10 }, () => claim(testHub, { code })));
    expect(results.map((response) => response.status).sort()).toEqual([
      201,
      ...Array<number>(9).fill(404),
    ]);
    const devices = DeviceListResponseSchema.parse(
      await (await hub.request("/api/devices", { token: owner.token })).json(),
    ).devices;
    expect(devices).toHaveLength(2);

    expect((await claim(hub, { code: 42 })).status).toBe(400);
    expect((await claim(hub, {})).status).toBe(400);
    expect((await hub.request("/api/pairing", { method: "POST" })).status).toBe(401);
  });

  it("refuses expired codes", async () => {
    hub = await startTestHub({ pairingCodeSeconds: 0.2 });
    const owner = await hub.registerUser("slow");
    const { code, expiresAt } = await pairingCode(hub, owner.token);
    await waitFor(() => Promise.resolve(Date.now() > Date.parse(expiresAt) ? true : undefined));
    const late = await claim(hub, { code });
    expect(late.status).toBe(404);
    expect(ApiErrorBodySchema.parse(await late.json()).error).toEqual(UNUSABLE);
  });

  it("is useless to another user: claiming A's code logs in as A, never gives B A's data", async () => {
    hub = await startTestHub();
    const alice = await hub.registerUser("alice");
    const bob = await hub.registerUser("bob");
    const inquiry = await hub.hub.inquiries.create(alice.userId, { question: "Alice only" });
    const { code } = await pairingCode(hub, alice.token);
    const claimed = AuthResponseSchema.parse(await (await claim(hub, { code })).json());
    expect(claimed.user.id).toBe(alice.userId);

    expect((await hub.request(`/api/inquiries/${inquiry.id}`, { token: bob.token })).status).toBe(
      404,
    );
    expect(await (await hub.request("/api/inquiries", { token: bob.token })).json()).toEqual([]);
    const bobsDevices = DeviceListResponseSchema.parse(
      await (await hub.request("/api/devices", { token: bob.token })).json(),
    ).devices;
    expect(bobsDevices.map((device) => device.id)).toEqual([bob.deviceId]);
  });

  it("dies with its issuing device", async () => {
    hub = await startTestHub();
    const owner = await hub.registerUser("issuer");
    const other = await hub.login(owner.username);
    const { code } = await pairingCode(hub, other.token);
    const revoke = await hub.request(`/api/devices/${other.deviceId}`, {
      method: "DELETE",
      token: owner.token,
    });
    expect(revoke.status).toBe(204);
    expect((await claim(hub, { code })).status).toBe(404);
  });

  it("socket tickets open one handshake, once", async () => {
    hub = await startTestHub();
    const owner = await hub.registerUser("ticket", "Browser tab");
    const issued = await hub.request("/api/socket-ticket", { token: owner.token, method: "POST" });
    expect(issued.status).toBe(201);
    const { ticket, expiresAt } = SocketTicketSchema.parse(await issued.json());
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(60_000);

    const device = await hub.devices.connect({ ticket });
    expect(device.socket.connected).toBe(true);
    const reused = await hub.devices.refused({ ticket });
    expect(reused.message).toBe("socket ticket is unknown, used or expired");
    expect((await hub.request("/api/socket-ticket", { method: "POST" })).status).toBe(401);
  });

  it("refuses expired tickets and tickets of revoked devices", async () => {
    hub = await startTestHub({ socketTicketSeconds: 0.2 });
    const owner = await hub.registerUser("expiry");
    const other = await hub.login(owner.username);
    const ticketOf = async (token: string) =>
      SocketTicketSchema.parse(
        await (
          await (hub as TestHub).request("/api/socket-ticket", { token, method: "POST" })
        ).json(),
      );
    const expiring = await ticketOf(owner.token);
    const revokedTicket = await ticketOf(other.token);
    await hub.request(`/api/devices/${other.deviceId}`, { method: "DELETE", token: owner.token });
    expect((await hub.devices.refused({ ticket: revokedTicket.ticket })).message).toBe(
      "invalid or expired token",
    );
    await waitFor(() =>
      Promise.resolve(Date.now() > Date.parse(expiring.expiresAt) ? true : undefined),
    );
    expect((await hub.devices.refused({ ticket: expiring.ticket })).message).toBe(
      "socket ticket is unknown, used or expired",
    );
  });
});
