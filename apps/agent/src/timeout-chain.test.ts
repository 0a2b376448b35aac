import { describe, expect, it } from "vitest";
import { readAgentEnv } from "./env";
import { agentTimeoutChainProblems } from "./timeout-chain";

const inOrder = {
  mcpTimeoutSeconds: 150,
  mcpMaxTotalTimeoutSeconds: 86_400,
  hubInquiryTimeoutSeconds: 120,
  hubTimeoutGraceSeconds: 10,
  hubHeartbeatSeconds: 10,
  hubExtendMaxSeconds: 1800,
};

describe("agentTimeoutChainProblems", () => {
  it("accepts the documented defaults", () => {
    expect(agentTimeoutChainProblems(inOrder)).toEqual([]);
  });

  it("names the MCP timeout when it does not outlast the hub's backstop", () => {
    const problems = agentTimeoutChainProblems({ ...inOrder, mcpTimeoutSeconds: 130 });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^AGENT_MCP_TIMEOUT_SECONDS: .*HUB_INQUIRY_TIMEOUT_SECONDS/);
    expect(problems[0]).toContain("HUB_TIMEOUT_GRACE_SECONDS");
  });

  it("names the MCP timeout when a heartbeat could not reset it in time", () => {
    const problems = agentTimeoutChainProblems({
      ...inOrder,
      hubInquiryTimeoutSeconds: 1,
      hubTimeoutGraceSeconds: 1,
      hubHeartbeatSeconds: 200,
    });
    expect(problems).toEqual([expect.stringMatching(/HUB_HEARTBEAT_SECONDS 200 s/)]);
  });

  it("names the hard cap when it is below the per-call timeout", () => {
    const problems = agentTimeoutChainProblems({
      ...inOrder,
      mcpMaxTotalTimeoutSeconds: 100,
      hubExtendMaxSeconds: 0,
    });
    expect(problems).toEqual([
      expect.stringMatching(/^AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS: .*AGENT_MCP_TIMEOUT_SECONDS/),
    ]);
  });

  it("names the hard cap when an extended question could outlive it", () => {
    const problems = agentTimeoutChainProblems({ ...inOrder, mcpMaxTotalTimeoutSeconds: 1_000 });
    expect(problems).toEqual([
      expect.stringMatching(
        /^AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS: .*HUB_EXTEND_MAX_SECONDS 1800 s .* = 1810 s\), got 1000 s$/,
      ),
    ]);
  });
});

describe("readAgentEnv timeout chain", () => {
  it("reads the hub's timeouts from the same environment when set", () => {
    expect(() =>
      readAgentEnv({ HUB_INQUIRY_TIMEOUT_SECONDS: "600", HUB_TIMEOUT_GRACE_SECONDS: "30" }),
    ).toThrow(/AGENT_MCP_TIMEOUT_SECONDS: must be above the hub's timeout \+ grace .*630 s/);
    const env = readAgentEnv({
      HUB_INQUIRY_TIMEOUT_SECONDS: "600",
      HUB_TIMEOUT_GRACE_SECONDS: "30",
      AGENT_MCP_TIMEOUT_SECONDS: "700",
    });
    expect(env.config.mcpTimeoutSeconds).toBe(700);
  });

  it("refuses a hard cap below the MCP timeout", () => {
    expect(() => readAgentEnv({ AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS: "60" })).toThrow(
      /AGENT_MCP_MAX_TOTAL_TIMEOUT_SECONDS: must be at least AGENT_MCP_TIMEOUT_SECONDS/,
    );
  });

  it("refuses an MCP timeout not above the heartbeat", () => {
    expect(() =>
      readAgentEnv({
        HUB_INQUIRY_TIMEOUT_SECONDS: "5",
        HUB_TIMEOUT_GRACE_SECONDS: "1",
        HUB_HEARTBEAT_SECONDS: "30",
        AGENT_MCP_TIMEOUT_SECONDS: "20",
      }),
    ).toThrow(/HUB_HEARTBEAT_SECONDS/);
  });
});
