import path from "node:path";
import { dataPath } from "@inquiry-hub/logging";
import { describe, expect, it } from "vitest";
import { readDemoToolsEnv } from "./env";

const CHECKOUT = path.resolve(import.meta.dirname, "../../..");

describe("readDemoToolsEnv", () => {
  it("keeps the token and the sandbox in the data directory, outside the checkout", () => {
    const env = readDemoToolsEnv({});
    expect(env.tokenFile).toBe(dataPath("demoToolsToken", {}));
    expect(env.sandboxDir).toBe(dataPath("sandbox", {}));
    expect(env.tokenFile.startsWith(CHECKOUT)).toBe(false);
  });

  it("moves both with INQUIRY_HUB_DATA_DIR; its own variables still win", () => {
    const moved = readDemoToolsEnv({ INQUIRY_HUB_DATA_DIR: "/srv/ih" });
    expect(moved).toMatchObject({
      tokenFile: "/srv/ih/demo-tools-token",
      sandboxDir: "/srv/ih/sandbox",
    });
    const own = readDemoToolsEnv({
      INQUIRY_HUB_DATA_DIR: "/srv/ih",
      DEMO_TOOLS_TOKEN_FILE: "/run/token",
      DEMO_TOOLS_SANDBOX_DIR: "/tmp/sandbox",
    });
    expect(own).toMatchObject({ tokenFile: "/run/token", sandboxDir: "/tmp/sandbox" });
  });

  it("refuses a relative INQUIRY_HUB_DATA_DIR, naming it", () => {
    expect(() => readDemoToolsEnv({ INQUIRY_HUB_DATA_DIR: "state" })).toThrow(
      /INQUIRY_HUB_DATA_DIR must be an absolute path/,
    );
  });
});
