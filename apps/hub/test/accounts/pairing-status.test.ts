import { afterEach, describe, expect, it } from "vitest";
import {
  ApiErrorBodySchema,
  AuthResponseSchema,
  PairingCodeSchema,
  PairingCodeStatusSchema,
  PairingLookupSchema,
} from "@inquiry-hub/protocol";
import { startTestHub, waitFor } from "../helpers";
import type { TestHub } from "../helpers";

const UNUSABLE = { code: "NOT_FOUND", message: "pairing code is unknown, used or expired" };

describe("pairing code state: for the page that shows it and the phone that opens it", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  async function newCode(testHub: TestHub, token: string) {
    const response = await testHub.request("/api/pairing", { token, method: "POST" });
    return PairingCodeSchema.parse(await response.json());
  }

  async function statusOf(testHub: TestHub, token: string, id: string) {
    const response = await testHub.request(`/api/pairing/${id}`, { token });
    expect(response.status).toBe(200);
    return PairingCodeStatusSchema.parse(await response.json());
  }

  async function lookup(testHub: TestHub, code: string) {
    const response = await testHub.request("/api/pairing/lookup", { body: { code } });
    expect(response.status).toBe(200);
    return PairingLookupSchema.parse(await response.json());
  }

  it("says waiting, then used by which device (under its current name); the code is spent", async () => {
    hub = await startTestHub();
    const owner = await hub.registerUser("waiter", "Desk");
    const { id, code, expiresAt } = await newCode(hub, owner.token);
    expect(await statusOf(hub, owner.token, id)).toEqual({ state: "waiting", expiresAt });
    expect(await lookup(hub, code)).toEqual({
      state: "waiting",
      username: owner.username,
      expiresAt,
    });

    const claimed = await hub.request("/api/pairing/claim", {
      body: { code, deviceName: "Pixel 7" },
    });
    const phone = AuthResponseSchema.parse(await claimed.json());
    const used = await statusOf(hub, owner.token, id);
    expect(used).toMatchObject({ state: "used", device: { id: phone.device.id, name: "Pixel 7" } });

    await hub.request(`/api/devices/${phone.device.id}`, {
      method: "PATCH",
      token: owner.token,
      body: { name: "Ada's phone" },
    });
    expect(await statusOf(hub, owner.token, id)).toMatchObject({
      device: { name: "Ada's phone" },
    });
    expect(await lookup(hub, code)).toEqual({ state: "used" });
    const again = await hub.request("/api/pairing/claim", { body: { code } });
    expect(again.status).toBe(404);
    expect(ApiErrorBodySchema.parse(await again.json()).error).toEqual(UNUSABLE);
    expect(await statusOf(hub, owner.token, id)).toMatchObject({ state: "used" });
  });

  it("says expired once the code's time is up, and an expired code still logs nobody in", async () => {
    hub = await startTestHub({ pairingCodeSeconds: 0.2 });
    const owner = await hub.registerUser("late");
    const { id, code, expiresAt } = await newCode(hub, owner.token);
    await waitFor(() => Promise.resolve(Date.now() > Date.parse(expiresAt) ? true : undefined));
    expect(await statusOf(hub, owner.token, id)).toEqual({ state: "expired", expiresAt });
    expect(await lookup(hub, code)).toEqual({ state: "expired" });
    expect((await hub.request("/api/pairing/claim", { body: { code } })).status).toBe(404);
    expect(await statusOf(hub, owner.token, id)).toEqual({ state: "expired", expiresAt });
  });

  it("the lookup changes nothing: the code still pairs once afterwards", async () => {
    hub = await startTestHub();
    const owner = await hub.registerUser("peek");
    const { code } = await newCode(hub, owner.token);
    await lookup(hub, code);
    await lookup(hub, code);
    expect((await hub.request("/api/pairing/claim", { body: { code } })).status).toBe(201);
  });

  describe("red team", () => {
    it("a used or expired code reveals nothing but its state; an unknown one not even that", async () => {
      hub = await startTestHub();
      const owner = await hub.registerUser("secretive");
      const { code } = await newCode(hub, owner.token);
      await hub.request("/api/pairing/claim", { body: { code } });
      const used = await hub.request("/api/pairing/lookup", { body: { code } });
      expect(await used.json()).toEqual({ state: "used" });

      const unknown = await hub.request("/api/pairing/lookup", { body: { code: "made-up" } });
      expect(unknown.status).toBe(404);
      expect(ApiErrorBodySchema.parse(await unknown.json()).error).toEqual(UNUSABLE);
      expect((await hub.request("/api/pairing/lookup", { body: {} })).status).toBe(400);
    });

    it("another person, an agent or nobody cannot read a code's state by its id", async () => {
      hub = await startTestHub();
      const owner = await hub.registerUser("issuer");
      const stranger = await hub.registerUser("nosy");
      const { id } = await newCode(hub, owner.token);
      const foreign = await hub.request(`/api/pairing/${id}`, { token: stranger.token });
      expect(foreign.status).toBe(404);
      const created = await hub.request("/api/agent-keys", {
        token: owner.token,
        body: { name: "bot" },
      });
      const agent = (await created.json()) as { secret: string };
      expect((await hub.request(`/api/pairing/${id}`, { token: agent.secret })).status).toBe(403);
      expect((await hub.request(`/api/pairing/${id}`, {})).status).toBe(401);
      expect((await hub.request("/api/pairing/not-an-id", { token: owner.token })).status).toBe(
        404,
      );
    });

    it("a code whose issuing device was revoked names no account", async () => {
      hub = await startTestHub();
      const owner = await hub.registerUser("gone");
      const other = await hub.login(owner.username);
      const { code } = await newCode(hub, other.token);
      await hub.request(`/api/devices/${other.deviceId}`, { method: "DELETE", token: owner.token });
      const response = await hub.request("/api/pairing/lookup", { body: { code } });
      expect(response.status).toBe(404);
      expect(ApiErrorBodySchema.parse(await response.json()).error).toEqual(UNUSABLE);
    });
  });
});
