import { describe, expect, it } from "vitest";
import { readExampleEnv } from "../src/langgraph/env";

describe("the LangGraph example's environment", () => {
  it("defaults to the hub of npm start and a state folder under the temp dir", () => {
    const env = readExampleEnv({ HUB_AGENT_KEY: "ihk_test" });
    expect(env.mcpUrl.href).toBe("http://127.0.0.1:4000/mcp");
    expect(env.stateDir).toContain("inquiry-hub-langgraph-example");
  });

  it("says where to create an agent key when none is set", () => {
    for (const env of [{}, { HUB_AGENT_KEY: "" }])
      expect(() => readExampleEnv(env)).toThrow(
        /HUB_AGENT_KEY is not set: create an agent key .*http:\/\/localhost:3000\/agent-keys/,
      );
  });

  it("names a hub URL that is not one", () => {
    expect(() => readExampleEnv({ HUB_AGENT_KEY: "ihk_test", HUB_MCP_URL: "hub" })).toThrow(
      "HUB_MCP_URL must be a URL",
    );
  });
});
