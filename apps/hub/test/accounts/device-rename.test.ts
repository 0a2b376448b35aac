import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ApiErrorBodySchema,
  AuthResponseSchema,
  CreatedAgentKeySchema,
  DeviceListResponseSchema,
  DeviceSchema,
} from "@inquiry-hub/protocol";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";

const LINUX_CHROME_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36";

describe("device names: rename, and a distinct default per device", () => {
  let hub: TestHub;

  beforeAll(async () => {
    hub = await startTestHub();
  });
  afterAll(() => hub.close());

  async function namesOf(token: string): Promise<string[]> {
    const response = await hub.request("/api/devices", { token });
    return DeviceListResponseSchema.parse(await response.json()).devices.map((each) => each.name);
  }

  function rename(token: string, deviceId: string, body: unknown): Promise<Response> {
    return hub.request(`/api/devices/${deviceId}`, { method: "PATCH", token, body });
  }

  async function loginFromLinuxChrome(username: string) {
    const response = await hub.request("/api/auth/login", {
      body: { username, password: "correct horse battery", userAgent: LINUX_CHROME_UA },
    });
    return AuthResponseSchema.parse(await response.json());
  }

  it("numbers a second device of the same browser and system, and reuses a freed name", async () => {
    const owner = await hub.registerUser("twins", "Desk");
    const first = await loginFromLinuxChrome(owner.username);
    const second = await loginFromLinuxChrome(owner.username);
    const third = await loginFromLinuxChrome(owner.username);
    expect([first.device.name, second.device.name, third.device.name]).toEqual([
      "Chrome on Linux",
      "Chrome on Linux 2",
      "Chrome on Linux 3",
    ]);
    await hub.request(`/api/devices/${second.device.id}`, { method: "DELETE", token: owner.token });
    expect((await loginFromLinuxChrome(owner.username)).device.name).toBe("Chrome on Linux 2");

    const stranger = await hub.registerUser("stranger");
    expect((await loginFromLinuxChrome(stranger.username)).device.name).toBe("Chrome on Linux");
  });

  it("renames one of the person's devices, trimmed; every device lists the new name", async () => {
    const owner = await hub.registerUser("renamer", "Desk");
    const laptop = await hub.login(owner.username, "Laptop");
    const response = await rename(owner.token, laptop.deviceId, { name: "  Work laptop  " });
    expect(response.status).toBe(200);
    expect(DeviceSchema.parse(await response.json())).toMatchObject({
      id: laptop.deviceId,
      name: "Work laptop",
      current: false,
    });
    expect(await namesOf(laptop.token)).toEqual(["Desk", "Work laptop"]);

    const own = await rename(owner.token, owner.deviceId, { name: "Home desk" });
    expect(DeviceSchema.parse(await own.json())).toMatchObject({
      name: "Home desk",
      current: true,
    });
    expect(await namesOf(owner.token)).toEqual(["Home desk", "Work laptop"]);
  });

  it.each([
    [{ name: "   " }, "name: a device name cannot be empty"],
    [{ name: "x".repeat(61) }, "name: a device name has at most 60 characters"],
    [{ name: 42 }, "name: Invalid input: expected string, received number"],
    [{}, "name: Invalid input: expected string, received undefined"],
  ])("refuses %j with 400 naming the problem, and changes nothing", async (body, message) => {
    const owner = await hub.registerUser("careful", "Desk");
    const response = await rename(owner.token, owner.deviceId, body);
    expect(response.status).toBe(400);
    expect(ApiErrorBodySchema.parse(await response.json()).error).toMatchObject({
      code: "BAD_REQUEST",
      message,
    });
    expect(await namesOf(owner.token)).toEqual(["Desk"]);
  });

  it("accepts a name of exactly 60 characters", async () => {
    const owner = await hub.registerUser("long", "Desk");
    const name = "y".repeat(60);
    expect((await rename(owner.token, owner.deviceId, { name })).status).toBe(200);
    expect(await namesOf(owner.token)).toEqual([name]);
  });

  describe("red team", () => {
    it("a person cannot rename another person's device: 404, and its name stays", async () => {
      const victim = await hub.registerUser("victim", "Victim's phone");
      const attacker = await hub.registerUser("attacker", "Mine");
      const response = await rename(attacker.token, victim.deviceId, { name: "Pwned" });
      expect(response.status).toBe(404);
      expect(ApiErrorBodySchema.parse(await response.json()).error).toEqual({
        code: "NOT_FOUND",
        message: `device ${victim.deviceId} not found`,
      });
      expect(await namesOf(victim.token)).toEqual(["Victim's phone"]);
    });

    it("an agent credential cannot rename a device, not even its person's: 403", async () => {
      const owner = await hub.registerUser("agent-owner", "Desk");
      const created = await hub.request("/api/agent-keys", {
        token: owner.token,
        body: { name: "nightly" },
      });
      const { secret } = CreatedAgentKeySchema.parse(await created.json());
      const response = await rename(secret, owner.deviceId, { name: "Renamed by the agent" });
      expect(response.status).toBe(403);
      expect(ApiErrorBodySchema.parse(await response.json()).error.code).toBe("FORBIDDEN");
      expect(await namesOf(owner.token)).toEqual(["Desk"]);
    });

    it("a revoked device and an agent key's id are not renameable devices: 404", async () => {
      const owner = await hub.registerUser("revoked", "Desk");
      const old = await hub.login(owner.username, "Old phone");
      await hub.request(`/api/devices/${old.deviceId}`, { method: "DELETE", token: owner.token });
      expect((await rename(owner.token, old.deviceId, { name: "Back" })).status).toBe(404);
      const created = await hub.request("/api/agent-keys", {
        token: owner.token,
        body: { name: "weekly" },
      });
      const { key } = CreatedAgentKeySchema.parse(await created.json());
      expect((await rename(owner.token, key.id, { name: "A device now" })).status).toBe(404);
      expect((await rename("not-a-token", owner.deviceId, { name: "X" })).status).toBe(401);
    });
  });
});
