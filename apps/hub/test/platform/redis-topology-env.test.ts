import { spawn } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/env";
import { hubBundle } from "../support/hub-bundle";

const HUB_ROOT = fileURLToPath(new URL("../..", import.meta.url));

describe("REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS", () => {
  it("reads each topology into config.redis, and Redis becomes the store", () => {
    expect(loadConfig({ REDIS_URL: "redis://127.0.0.1:6379" })).toMatchObject({
      store: "redis",
      redis: { kind: "single", url: "redis://127.0.0.1:6379" },
    });
    expect(
      loadConfig({ REDIS_CLUSTER_NODES: "10.0.0.1:7000,10.0.0.2:7000", REDIS_PASSWORD: "pw" }),
    ).toMatchObject({
      store: "redis",
      redis: {
        kind: "cluster",
        nodes: [
          { host: "10.0.0.1", port: 7000 },
          { host: "10.0.0.2", port: 7000 },
        ],
        password: "pw",
      },
    });
    expect(
      loadConfig({ REDIS_SENTINELS: "10.0.0.1:26379", REDIS_SENTINEL_NAME: "hub", REDIS_TLS: "1" }),
    ).toMatchObject({
      store: "redis",
      redis: { kind: "sentinel", name: "hub", tls: true },
    });
    expect(loadConfig({}).redis).toBeUndefined();
  });

  it.each([
    [{ REDIS_SENTINELS: "10.0.0.1:26379" }, "REDIS_SENTINEL_NAME is required with REDIS_SENTINELS"],
    [
      { REDIS_URL: "redis://a:1", REDIS_SENTINELS: "b:2", REDIS_SENTINEL_NAME: "m" },
      "set only one of REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS",
    ],
    [{ REDIS_CLUSTER_NODES: "abc" }, 'REDIS_CLUSTER_NODES: "abc" is not host:port'],
    [
      { REDIS_CLUSTER_NODES: "a:7000", HUB_STORE: "memory" },
      "HUB_STORE cannot be combined with REDIS_URL, REDIS_CLUSTER_NODES or REDIS_SENTINELS",
    ],
  ])("refuses %j, naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(`invalid hub configuration: ${message}`);
  });

  it("stops the hub at start-up with the reason", async () => {
    const child = spawn(process.execPath, [await hubBundle()], {
      cwd: HUB_ROOT,
      env: { PATH: process.env.PATH, REDIS_SENTINELS: "127.0.0.1:26379", HUB_PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
    const [code] = (await once(child, "exit")) as [number | null];
    clearTimeout(timer);
    expect(code).toBe(1);
    expect(output).toContain("REDIS_SENTINEL_NAME is required with REDIS_SENTINELS");
  });
});
