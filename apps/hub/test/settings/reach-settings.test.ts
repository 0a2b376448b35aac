import { afterEach, describe, expect, it } from "vitest";
import { UserSettingsSchema } from "@inquiry-hub/protocol";
import type { UserSettings } from "@inquiry-hub/protocol";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";

const ROUTING = { pushAfterSeconds: 30, webhookAfterSeconds: 120 };
const QUIET = { start: "22:00", end: "07:00", timeZone: "Europe/Berlin" };
const DIGEST = { daily: true, hour: 8, timeZone: "Asia/Shanghai" };

describe("settings: routing plan, quiet hours and digest over HTTP", () => {
  let hub: TestHub | undefined;
  afterEach(async () => {
    await hub?.close();
    hub = undefined;
  });

  async function read(testHub: TestHub, token: string): Promise<UserSettings> {
    const response = await testHub.request("/api/settings", { token });
    expect(response.status).toBe(200);
    return UserSettingsSchema.parse(await response.json());
  }

  it("keeps each part a PUT names, removes one on null and leaves the others", async () => {
    hub = await startTestHub();
    const { token } = await hub.registerUser("reach");
    const put = (body: unknown) => hub!.request("/api/settings", { method: "PUT", token, body });

    expect((await put({ routing: ROUTING, quietHours: QUIET })).status).toBe(200);
    expect((await put({ digest: DIGEST })).status).toBe(200);
    expect(await read(hub, token)).toEqual({
      yolo: { enabled: false },
      routing: ROUTING,
      quietHours: QUIET,
      digest: DIGEST,
    });

    const removed = await put({ quietHours: null, yolo: { enabled: true } });
    expect(UserSettingsSchema.parse(await removed.json())).toEqual({
      yolo: { enabled: true },
      routing: ROUTING,
      digest: DIGEST,
    });
    expect(await read(hub, token)).toEqual({
      yolo: { enabled: true },
      routing: ROUTING,
      digest: DIGEST,
    });
  });

  it.each([
    ["an empty body", {}, /at least one setting/],
    ["an unknown key", { routing: ROUTING, sms: true }, /sms/],
    [
      "a delay past a day",
      { routing: { ...ROUTING, pushAfterSeconds: 86_401 } },
      /pushAfterSeconds/,
    ],
    ["an unknown time zone", { quietHours: { ...QUIET, timeZone: "Mars/Olympus" } }, /time zone/],
    ["hours that start where they end", { quietHours: { ...QUIET, end: "22:00" } }, /differ/],
    ["a digest hour of 24", { digest: { ...DIGEST, hour: 24 } }, /hour/],
  ])("refuses %s with a 400 naming it and changes nothing", async (_name, body, named) => {
    hub = await startTestHub();
    const { token } = await hub.registerUser("reach-bad");
    await hub.request("/api/settings", { method: "PUT", token, body: { routing: ROUTING } });
    const before = await read(hub, token);

    const response = await hub.request("/api/settings", { method: "PUT", token, body });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(named);
    expect(await read(hub, token)).toEqual(before);
  });
});
