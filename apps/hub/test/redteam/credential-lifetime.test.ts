import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";

/**
 * Finding 8 of issue 14: credentials never expired. A device unused for the idle lifetime
 * (one second here) is refused with 401 and a message saying why; a fresh login works.
 */
describe("red team, finding 8: credentials have a lifetime", () => {
  let hub: TestHub;

  beforeAll(async () => {
    hub = await startTestHub({ deviceIdleDays: 1 / 86_400 });
  });

  afterAll(async () => {
    await hub.close();
  });

  it("refuses a device credential after its idle lifetime, on HTTP, MCP and the socket", async () => {
    const login = await hub.registerUser("idle");
    expect((await hub.request("/api/auth/me", { token: login.token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_200));

    const expired = await hub.request("/api/auth/me", { token: login.token });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({
      error: { code: "UNAUTHORIZED", message: "credential expired: log in again" },
    });
    await expect(hub.connectMcp(login.token)).rejects.toThrow();
    const refused = await hub.devices.refused({ token: login.token });
    expect(refused.message).toBe("credential expired: log in again");

    const again = await hub.login(login.username);
    expect((await hub.request("/api/auth/me", { token: again.token })).status).toBe(200);
  });
});
