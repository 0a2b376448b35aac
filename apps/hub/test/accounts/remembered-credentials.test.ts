import { silentLogger } from "@inquiry-hub/logging";
import { describe, expect, it } from "vitest";
import { HubError } from "../../src/kernel/errors";
import { createAuthService } from "../../src/features/accounts/auth-service";
import { createDeviceService } from "../../src/features/accounts/device-service";
import { createMemoryDevicePresence } from "../../src/features/accounts/stores/memory-device-presence";
import { createMemoryDeviceStore } from "../../src/features/accounts/stores/memory-device-store";
import {
  createMemoryTokenStore,
  createMemoryUserStore,
} from "../../src/features/accounts/stores/memory-user-store";

const DAY_MS = 24 * 60 * 60 * 1000;

function createAccounts() {
  let nowMs = Date.parse("2026-01-01T00:00:00.000Z");
  const now = () => new Date(nowMs);
  const devices = createDeviceService({
    store: createMemoryDeviceStore(),
    presence: createMemoryDevicePresence(),
    logger: silentLogger(),
    now,
  });
  const auth = createAuthService({
    users: createMemoryUserStore(),
    tokens: createMemoryTokenStore(),
    devices,
    deviceIdleMs: DAY_MS,
    registration: "open",
    now,
  });
  return { auth, devices, advance: (ms: number) => (nowMs += ms) };
}

async function refusal(attempt: Promise<unknown>): Promise<string> {
  const error: unknown = await attempt.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof HubError)) throw new Error("the credential was not refused");
  return error.code;
}

describe("AuthService.authenticate of a token it has seen before", () => {
  it("answers the same principal, with the device record as it is now", async () => {
    const { auth, devices } = createAccounts();
    const { token, user, device } = await auth.register({ username: "ada", password: "pw-123456" });
    const first = await auth.authenticate(token);
    const active = await devices.findActive(device.id);
    if (active === undefined) throw new Error("no device");
    await devices.rename(active, "Phone");
    const again = await auth.authenticate(token);
    expect(again.user).toEqual(user);
    expect(again.device.name).toBe("Phone");
    expect(again.kind).toBe(first.kind);
  });

  it("refuses it from the first request after its revocation", async () => {
    const { auth, devices } = createAccounts();
    const { token, user, device } = await auth.register({ username: "ada", password: "pw-123456" });
    await auth.authenticate(token);
    await devices.revoke(user.id, device.id);
    expect(await refusal(auth.authenticate(token))).toBe("UNAUTHORIZED");
  });

  it("refuses it once the device has been idle past its lifetime", async () => {
    const { auth, advance } = createAccounts();
    const { token } = await auth.register({ username: "ada", password: "pw-123456" });
    await auth.authenticate(token);
    advance(DAY_MS);
    expect(await refusal(auth.authenticate(token))).toBe("UNAUTHORIZED");
  });

  it("still refuses a token it never admitted", async () => {
    const { auth } = createAccounts();
    await auth.register({ username: "ada", password: "pw-123456" });
    expect(await refusal(auth.authenticate("not-a-token"))).toBe("UNAUTHORIZED");
    expect(await refusal(auth.authenticate("not-a-token"))).toBe("UNAUTHORIZED");
  });
});
