import { describe, expect, it } from "vitest";
import type { AgentKey } from "@inquiry-hub/protocol";
import { agentKeyStatus } from "./agent-key-status";

const NOW = Date.parse("2025-06-01T12:00:00.000Z");

function keyWith(patch: Partial<AgentKey>): AgentKey {
  return {
    id: "k1",
    name: "build bot",
    createdAt: "2025-05-01T12:00:00.000Z",
    expiresAt: "2025-07-01T12:00:00.000Z",
    ...patch,
  };
}

describe("agentKeyStatus", () => {
  it("is active before its expiry and without a revocation", () => {
    expect(agentKeyStatus(keyWith({}), NOW)).toBe("active");
  });

  it("is expired from the instant its expiry is reached", () => {
    expect(agentKeyStatus(keyWith({ expiresAt: "2025-06-01T12:00:00.000Z" }), NOW)).toBe("expired");
    expect(agentKeyStatus(keyWith({ expiresAt: "2025-06-01T11:59:59.999Z" }), NOW)).toBe("expired");
  });

  it("is revoked once revoked, even when it has also expired", () => {
    expect(agentKeyStatus(keyWith({ revokedAt: "2025-05-20T08:00:00.000Z" }), NOW)).toBe("revoked");
    expect(
      agentKeyStatus(
        keyWith({
          expiresAt: "2025-05-30T00:00:00.000Z",
          revokedAt: "2025-05-20T08:00:00.000Z",
        }),
        NOW,
      ),
    ).toBe("revoked");
  });
});
