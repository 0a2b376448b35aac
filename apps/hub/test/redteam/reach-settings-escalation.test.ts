import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedAgentKeySchema, UserSettingsSchema } from "@inquiry-hub/protocol";
import type { UserSettings } from "@inquiry-hub/protocol";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

const ROUTING = { pushAfterSeconds: 30, webhookAfterSeconds: null, escalateAtShareLeft: 0.2 };
const QUIET = { start: "22:00", end: "07:00", timeZone: "UTC", during: "escalate" };

/**
 * The early escalation settings decide when a team's on-call people are woken for the
 * person's agent. An agent holding its person's key tries to switch them (to wake the on-call
 * team at once, or never before the policy's time): 403, nothing changed. Out-of-range values
 * from the person are a 400 naming the field, nothing changed.
 */
describe("red team: early escalation in the person's reach settings", () => {
  let hub: TestHub;
  let person: TestLogin;
  let agentKey: string;

  async function read(): Promise<UserSettings> {
    const response = await hub.request("/api/settings", { token: person.token });
    return UserSettingsSchema.parse(await response.json());
  }

  beforeAll(async () => {
    hub = await startTestHub();
    person = await hub.registerUser("escalation-owner");
    const minted = await hub.request("/api/agent-keys", {
      token: person.token,
      body: { name: "agent" },
    });
    expect(minted.status).toBe(201);
    agentKey = CreatedAgentKeySchema.parse(await minted.json()).secret;
    const saved = await hub.request("/api/settings", {
      method: "PUT",
      token: person.token,
      body: { routing: ROUTING, quietHours: QUIET },
    });
    expect(saved.status).toBe(200);
  });
  afterAll(() => hub.close());

  it("keeps the person's share and quiet-hours choice as saved", async () => {
    expect(await read()).toMatchObject({ routing: ROUTING, quietHours: QUIET });
  });

  it.each([
    ["escalate at once", { routing: { ...ROUTING, escalateAtShareLeft: 0.9 } }],
    ["never escalate early", { routing: { ...ROUTING, escalateAtShareLeft: null } }],
    ["quiet hours that wake the on-call team", { quietHours: { ...QUIET, start: "00:00" } }],
    ["quiet hours that wait", { quietHours: { ...QUIET, during: "wait" } }],
  ])("an agent key cannot change them (%s)", async (_name, body) => {
    const before = await read();
    const attempt = await hub.request("/api/settings", { method: "PUT", token: agentKey, body });
    expect(attempt.status).toBe(403);
    expect(await read()).toEqual(before);
  });

  it.each([
    [
      "a share under 0.05",
      { routing: { ...ROUTING, escalateAtShareLeft: 0.01 } },
      /escalateAtShareLeft/,
    ],
    [
      "a share over 0.9",
      { routing: { ...ROUTING, escalateAtShareLeft: 0.95 } },
      /escalateAtShareLeft/,
    ],
    [
      "a share as text",
      { routing: { ...ROUTING, escalateAtShareLeft: "0.2" } },
      /escalateAtShareLeft/,
    ],
    ["an unknown quiet-hours choice", { quietHours: { ...QUIET, during: "page" } }, /during/],
  ])("refuses %s with a 400 naming it and changes nothing", async (_name, body, named) => {
    const before = await read();
    const response = await hub.request("/api/settings", {
      method: "PUT",
      token: person.token,
      body,
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(await response.json())).toMatch(named);
    expect(await read()).toEqual(before);
  });
});
