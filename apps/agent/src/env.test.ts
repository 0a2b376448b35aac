import { describe, expect, it } from "vitest";
import { readAgentEnv } from "./env";

describe("readAgentEnv", () => {
  it("applies the documented defaults", () => {
    expect(readAgentEnv({})).toEqual({
      port: 4100,
      host: "127.0.0.1",
      config: {
        hubMcpUrl: "http://127.0.0.1:4000/mcp",
        demoToolsMcpUrl: "http://127.0.0.1:4200/mcp",
        mcpTimeoutSeconds: 150,
        mcpMaxTotalTimeoutSeconds: 86_400,
        maxSteps: 8,
      },
    });
  });

  it.each([
    [{ AGENT_PORT: "http" }, /AGENT_PORT/],
    [{ HUB_MCP_URL: "not a url" }, /HUB_MCP_URL/],
    [{ AGENT_MCP_TIMEOUT_SECONDS: "120" }, /AGENT_MCP_TIMEOUT_SECONDS: must be above the hub's/],
    [{ AGENT_MAX_STEPS: "0" }, /AGENT_MAX_STEPS/],
  ])("names the bad variable in %j", (source, message) => {
    expect(() => readAgentEnv(source)).toThrow(message);
  });
});
