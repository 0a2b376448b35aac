import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config/env";

describe("HUB_STORE and HUB_DATA_DIR", () => {
  it("defaults to the embedded store in .data/hub of the checkout, whatever the cwd", () => {
    const config = loadConfig({});
    expect(config.store).toBe("embedded");
    expect(config.dataDir).toBe(path.resolve(import.meta.dirname, "../../../.data/hub"));
  });

  it("takes memory or a data folder from the environment", () => {
    expect(loadConfig({ HUB_STORE: "memory", HUB_DATA_DIR: "/srv/hub" })).toMatchObject({
      store: "memory",
      dataDir: "/srv/hub",
    });
  });

  it("names the variable of a bad value, and refuses HUB_STORE beside REDIS_URL", () => {
    expect(() => loadConfig({ HUB_STORE: "postgres" })).toThrow(
      "HUB_STORE: must be embedded or memory",
    );
    expect(() => loadConfig({ HUB_STORE: "memory", REDIS_URL: "redis://127.0.0.1:6379" })).toThrow(
      /HUB_STORE cannot be combined with REDIS_URL/,
    );
  });
});
