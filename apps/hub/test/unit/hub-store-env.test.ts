import { homedir } from "node:os";
import path from "node:path";
import { dataPath } from "@inquiry-hub/logging";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env";

describe("HUB_STORE and HUB_DATA_DIR", () => {
  it("defaults to the embedded store in the per-user data directory, outside the checkout", () => {
    const config = loadConfig({});
    expect(config.store).toBe("embedded");
    expect(config.dataDir).toBe(dataPath("hub", {}));
    expect(config.dataDir.startsWith(homedir())).toBe(true);
    expect(config.dataDir.startsWith(path.resolve(import.meta.dirname, "../../../.."))).toBe(false);
  });

  it("moves with INQUIRY_HUB_DATA_DIR, which HUB_DATA_DIR overrides; a relative one is refused", () => {
    expect(loadConfig({ INQUIRY_HUB_DATA_DIR: "/srv/ih" }).dataDir).toBe("/srv/ih/hub");
    expect(loadConfig({ INQUIRY_HUB_DATA_DIR: "/srv/ih", HUB_DATA_DIR: "/srv/hub" }).dataDir).toBe(
      "/srv/hub",
    );
    expect(() => loadConfig({ INQUIRY_HUB_DATA_DIR: "ih" })).toThrow(
      'INQUIRY_HUB_DATA_DIR must be an absolute path, not "ih"',
    );
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
