import { describe, expect, it } from "vitest";
import { readExampleEnv } from "../src/shared/example-env";

describe("the examples' environment", () => {
  it("defaults to the hub of npm start and a state folder under the temp dir", () => {
    const env = readExampleEnv("langgraph", { HUB_AGENT_KEY: "ihk_test" });
    expect(env.mcpUrl.href).toBe("http://127.0.0.1:4000/mcp");
    expect(env.stateDir).toContain("inquiry-hub-langgraph-example");
    expect(readExampleEnv("ai-sdk", { HUB_AGENT_KEY: "k", STATE_DIR: "/srv/x" }).stateDir).toBe(
      "/srv/x",
    );
  });

  it("says where to create an agent key when none is set", () => {
    for (const env of [{}, { HUB_AGENT_KEY: "" }])
      expect(() => readExampleEnv("ai-sdk", env)).toThrow(
        /HUB_AGENT_KEY is not set: create an agent key .*http:\/\/localhost:3000\/agent-keys/,
      );
  });

  it("names a hub URL that is not one", () => {
    expect(() =>
      readExampleEnv("openai-agents", { HUB_AGENT_KEY: "ihk_test", HUB_MCP_URL: "hub" }),
    ).toThrow("HUB_MCP_URL must be a URL");
  });
});
