import { AgentKeyListResponseSchema } from "@inquiry-hub/protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_HUB_CONFIG } from "../../src/index";
import { MAX_ACTIVE_AGENT_KEYS } from "../../src/features/accounts/agent-credential-service";
import { startTestHub } from "../helpers";
import type { TestHub } from "../helpers";

/**
 * Issuing agent credentials costs a stored record each, so a person (or a script holding their
 * session) minting in a loop must hit a limit: a per-user budget on issuing, and a cap on the
 * agent keys one person holds at once.
 */
describe("red team: issuing agent credentials is bounded", () => {
  const BUDGET = MAX_ACTIVE_AGENT_KEYS + 5;
  let hub: TestHub;

  beforeAll(async () => {
    hub = await startTestHub({
      rateLimits: { ...DEFAULT_HUB_CONFIG.rateLimits, agentCredentialsPerMinute: BUDGET },
    });
  });

  afterAll(async () => {
    await hub.close();
  });

  it("a person creating agent keys in a loop stops at the active-key cap; nothing past it is stored", async () => {
    const { token } = await hub.registerUser("keys");
    const statuses: number[] = [];
    for (let index = 0; index < MAX_ACTIVE_AGENT_KEYS + 3; index += 1)
      statuses.push(
        (await hub.request("/api/agent-keys", { token, body: { name: `key ${index}` } })).status,
      );
    expect(statuses.filter((status) => status === 201)).toHaveLength(MAX_ACTIVE_AGENT_KEYS);
    expect(statuses.slice(MAX_ACTIVE_AGENT_KEYS)).toEqual([429, 429, 429]);
    const refused = await hub.request("/api/agent-keys", { token, body: { name: "one more" } });
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      `agent key cap reached: at most ${MAX_ACTIVE_AGENT_KEYS} active keys per person; revoke one first`,
    );
    const listed = AgentKeyListResponseSchema.parse(
      await (await hub.request("/api/agent-keys", { token })).json(),
    );
    expect(listed.keys).toHaveLength(MAX_ACTIVE_AGENT_KEYS);
  });

  it("minting run credentials in a loop is refused with 429 and Retry-After past the budget", async () => {
    const { token } = await hub.registerUser("runs");
    const statuses: number[] = [];
    let retryAfter: string | null = null;
    for (let index = 0; index < BUDGET + 3; index += 1) {
      const response = await hub.request("/api/agent-runs", { token, body: {} });
      statuses.push(response.status);
      if (response.status === 429) retryAfter = response.headers.get("retry-after");
    }
    expect(statuses.slice(0, BUDGET).every((status) => status === 201)).toBe(true);
    expect(statuses.slice(BUDGET)).toEqual([429, 429, 429]);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
