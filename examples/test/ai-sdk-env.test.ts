import { describe, expect, it } from "vitest";
import { parseEnv } from "../src/ai-sdk/env";

describe("the AI SDK example's settings", () => {
  it("says where to create an agent key when none is given", () => {
    expect(parseEnv({})).toEqual({
      problems: [expect.stringMatching(/^HUB_AGENT_KEY: .*Agent keys page/)],
    });
    expect(parseEnv({ HUB_AGENT_KEY: "" })).toHaveProperty("problems");
  });

  it("defaults to the hub that npm start serves", () => {
    const parsed = parseEnv({ HUB_AGENT_KEY: "ihk_example" });
    expect(parsed).toMatchObject({
      env: { HUB_MCP_URL: "http://127.0.0.1:4000/mcp", HUB_AGENT_KEY: "ihk_example" },
    });
    expect("env" in parsed && parsed.env.STATE_DIR).toContain("inquiry-hub-ai-sdk-example");
  });
});
