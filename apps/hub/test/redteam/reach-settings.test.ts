import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreatedAgentKeySchema, UserSettingsSchema } from "@inquiry-hub/protocol";
import { startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";

/**
 * An agent that holds its person's agent key tries to read the person's reach settings (when
 * they sleep, where questions go) or to quiet them so its questions wait: both 403, nothing
 * changed.
 */
describe("red team: an agent key against the person's reach settings", () => {
  let hub: TestHub;
  let person: TestLogin;
  let agentKey: string;
  beforeAll(async () => {
    hub = await startTestHub();
    person = await hub.registerUser("reach-owner");
    const minted = await hub.request("/api/agent-keys", {
      token: person.token,
      body: { name: "agent" },
    });
    expect(minted.status).toBe(201);
    agentKey = CreatedAgentKeySchema.parse(await minted.json()).secret;
    const routing = { pushAfterSeconds: 5, webhookAfterSeconds: null };
    await hub.request("/api/settings", { method: "PUT", token: person.token, body: { routing } });
  });
  afterAll(() => hub.close());

  it("cannot read them", async () => {
    expect((await hub.request("/api/settings", { token: agentKey })).status).toBe(403);
  });

  it.each([
    [
      "push only after a day",
      {
        routing: { pushAfterSeconds: 86_400, webhookAfterSeconds: null },
      },
    ],
    ["quiet hours all day", { quietHours: { start: "00:00", end: "23:59", timeZone: "UTC" } }],
    ["the plan removed", { routing: null }],
  ])("cannot change them (%s)", async (_name, body) => {
    const before = await hub.request("/api/settings", { token: person.token });
    const attempt = await hub.request("/api/settings", { method: "PUT", token: agentKey, body });
    expect(attempt.status).toBe(403);
    const after = await hub.request("/api/settings", { token: person.token });
    expect(UserSettingsSchema.parse(await after.json())).toEqual(
      UserSettingsSchema.parse(await before.json()),
    );
  });
});
