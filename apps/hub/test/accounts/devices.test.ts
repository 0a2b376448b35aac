import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorBodySchema,
  AuthResponseSchema,
  DeviceListResponseSchema,
  MeResponseSchema,
} from "@inquiry-hub/protocol";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub } from "../helpers";
import { disconnected } from "../socket-helpers";

const PIXEL_UA =
  "Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36";
const MAC_FIREFOX_UA =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.1; rv:121.0) Gecko/20100101 Firefox/121.0";

describe("devices", () => {
  let hub: TestHub;

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.close());
  afterEach(() => hub.devices.closeAll());

  async function listDevices(token: string) {
    const response = await hub.request("/api/devices", { token });
    expect(response.status).toBe(200);
    return DeviceListResponseSchema.parse(await response.json()).devices;
  }

  it("creates a device per login, named from the user agent or as given", async () => {
    const owner = await hub.registerUser("named", "My laptop");
    expect(owner.deviceName).toBe("My laptop");
    const fromHeader = await fetch(new URL("/api/auth/login", hub.url), {
      method: "POST",
      headers: { "content-type": "application/json", "user-agent": PIXEL_UA },
      body: JSON.stringify({ username: owner.username, password: "correct horse battery" }),
    });
    const phone = AuthResponseSchema.parse(await fromHeader.json());
    expect(phone.device).toMatchObject({ name: "Chrome on Android", kind: "phone", current: true });
    const fromBody = await hub.request("/api/auth/login", {
      body: {
        username: owner.username,
        password: "correct horse battery",
        userAgent: MAC_FIREFOX_UA,
      },
    });
    const mac = AuthResponseSchema.parse(await fromBody.json());
    expect(mac.device).toMatchObject({ name: "Firefox on macOS", kind: "desktop" });
    expect(new Set([owner.deviceId, phone.device.id, mac.device.id]).size).toBe(3);

    const me = MeResponseSchema.parse(
      await (await hub.request("/api/auth/me", { token: phone.token })).json(),
    );
    expect(me).toMatchObject({
      user: { id: owner.userId },
      device: { id: phone.device.id, current: true },
    });

    const listed = await listDevices(mac.token);
    expect(listed.map((device) => device.id)).toEqual([
      owner.deviceId,
      phone.device.id,
      mac.device.id,
    ]);
    expect(listed.filter((device) => device.current).map((device) => device.id)).toEqual([
      mac.device.id,
    ]);
  });

  it("shows a device online while it has a socket", async () => {
    const owner = await hub.registerUser("presence");
    const device = await hub.devices.connect({ token: owner.token });
    expect((await listDevices(owner.token))[0]?.online).toBe(true);
    device.socket.disconnect();
    await waitFor(async () =>
      (await listDevices(owner.token))[0]?.online === false ? true : undefined,
    );
  });

  it("revokes a device: sockets cut at once, handshake refused, token dead on HTTP and MCP", async () => {
    const owner = await hub.registerUser("revoker", "Desk");
    const phone = await hub.login(owner.username, "Lost phone");
    const client = await hub.connectMcp(phone.token);
    const first = await hub.devices.connect({ token: phone.token });
    const second = await hub.devices.connect({ token: phone.token });
    const desk = await hub.devices.connect({ token: owner.token });
    const cut = [first, second].map((device) => disconnected(device.socket));

    const revoked = await hub.request(`/api/devices/${phone.deviceId}`, {
      method: "DELETE",
      token: owner.token,
    });
    expect(revoked.status).toBe(204);
    expect(await Promise.all(cut)).toEqual(["io server disconnect", "io server disconnect"]);
    expect(desk.socket.connected).toBe(true);

    const refused = await hub.devices.refused({ token: phone.token });
    expect(refused.message).toBe("invalid or expired token");
    const http = await hub.request("/api/inquiries", { token: phone.token });
    expect(http.status).toBe(401);
    await expect(client.listTools()).rejects.toThrow();
    expect((await listDevices(owner.token)).map((device) => device.id)).toEqual([owner.deviceId]);

    const again = await hub.request(`/api/devices/${phone.deviceId}`, {
      method: "DELETE",
      token: owner.token,
    });
    expect(again.status).toBe(404);
  });

  it("refuses to revoke another user's device (404) and changes nothing", async () => {
    const owner = await hub.registerUser("owner");
    const stranger = await hub.registerUser("stranger");
    const response = await hub.request(`/api/devices/${owner.deviceId}`, {
      method: "DELETE",
      token: stranger.token,
    });
    expect(response.status).toBe(404);
    expect(ApiErrorBodySchema.parse(await response.json()).error).toEqual({
      code: "NOT_FOUND",
      message: `device ${owner.deviceId} not found`,
    });
    expect((await hub.request("/api/auth/me", { token: owner.token })).status).toBe(200);
    expect((await hub.request("/api/devices", {})).status).toBe(401);
  });
});
