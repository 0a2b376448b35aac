import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env";
import type { Logger } from "../../src/kernel/ports";
import { withPersistedSecrets } from "../../src/composition/channel-secrets";
import { createTempDataDir } from "../support/temp-embedded-database";
import type { TempDataDir } from "../support/temp-embedded-database";

const SECRET = "configured-request-state-secret-of-32+chars";

/** A logger that keeps the messages of its warnings. */
function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  const logger: Logger & { warnings: string[] } = {
    warnings,
    info: () => undefined,
    warn: (_fields, message) => warnings.push(message),
    error: () => undefined,
    child: () => logger,
  };
  return logger;
}

describe("HUB_REQUEST_STATE_SECRET", () => {
  let folder: TempDataDir | undefined;
  afterEach(() => folder?.remove());

  it("is taken from the environment, and refused below 32 characters", () => {
    expect(loadConfig({ HUB_REQUEST_STATE_SECRET: SECRET }).requestStateSecret).toBe(SECRET);
    expect(loadConfig({}).requestStateSecret).toBeUndefined();
    expect(() => loadConfig({ HUB_REQUEST_STATE_SECRET: "short" })).toThrow(
      "HUB_REQUEST_STATE_SECRET: at least 32 characters",
    );
  });

  it("is generated once per data folder, kept across restarts, without a warning", () => {
    folder = createTempDataDir("request-state-secret");
    const logger = recordingLogger();
    const config = loadConfig({ HUB_DATA_DIR: folder.dir });
    const first = withPersistedSecrets(config, logger).requestStateSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(withPersistedSecrets(config, logger).requestStateSecret).toBe(first);
    expect(logger.warnings).toEqual([]);
  });

  it("is added to a secrets file written before it existed, keeping the other secrets", () => {
    folder = createTempDataDir("request-state-secret");
    const file = path.join(folder.dir, "channel-secrets.json");
    const config = loadConfig({ HUB_DATA_DIR: folder.dir });
    const generated = withPersistedSecrets(config, recordingLogger());
    const older = JSON.parse(readFileSync(file, "utf8")) as Record<string, unknown>;
    delete older.requestStateSecret;
    writeFileSync(file, JSON.stringify(older));
    const upgraded = withPersistedSecrets(config, recordingLogger());
    expect(upgraded.webhookSecret).toBe(generated.webhookSecret);
    expect(upgraded.requestStateSecret).not.toBe(generated.requestStateSecret);
    expect(withPersistedSecrets(config, recordingLogger()).requestStateSecret).toBe(
      upgraded.requestStateSecret,
    );
  });

  it("warns a Redis node that was not given one, and not one that was", () => {
    folder = createTempDataDir("request-state-secret");
    const env = { HUB_DATA_DIR: folder.dir, REDIS_URL: "redis://127.0.0.1:6379" };
    const unset = recordingLogger();
    withPersistedSecrets(loadConfig(env), unset);
    expect(unset.warnings).toEqual([expect.stringContaining("HUB_REQUEST_STATE_SECRET")]);
    const given = recordingLogger();
    const config = loadConfig({ ...env, HUB_REQUEST_STATE_SECRET: SECRET });
    expect(withPersistedSecrets(config, given).requestStateSecret).toBe(SECRET);
    expect(given.warnings).toEqual([]);
  });
});
