import { describe, expect, it } from "vitest";
import { describeRedisTopology, parseRedisTopology } from "./redis-topology";

describe("parseRedisTopology", () => {
  it("is undefined when no Redis variable is set, empty strings included", () => {
    expect(parseRedisTopology({})).toBeUndefined();
    expect(parseRedisTopology({ REDIS_URL: "", REDIS_CLUSTER_NODES: "" })).toBeUndefined();
  });

  it("reads one Redis from REDIS_URL", () => {
    expect(parseRedisTopology({ REDIS_URL: "rediss://:pw@cache.internal:6380/2" })).toEqual({
      kind: "single",
      url: "rediss://:pw@cache.internal:6380/2",
    });
  });

  it("reads cluster seeds, with password and TLS", () => {
    expect(
      parseRedisTopology({
        REDIS_CLUSTER_NODES: "10.0.0.1:7000, redis-2.internal:7001,[::1]:7002",
        REDIS_PASSWORD: "secret",
        REDIS_TLS: "1",
      }),
    ).toEqual({
      kind: "cluster",
      nodes: [
        { host: "10.0.0.1", port: 7000 },
        { host: "redis-2.internal", port: 7001 },
        { host: "::1", port: 7002 },
      ],
      password: "secret",
      tls: true,
    });
  });

  it("reads sentinels and the master group name", () => {
    expect(
      parseRedisTopology({ REDIS_SENTINELS: "127.0.0.1:26379", REDIS_SENTINEL_NAME: "hub" }),
    ).toEqual({
      kind: "sentinel",
      sentinels: [{ host: "127.0.0.1", port: 26379 }],
      name: "hub",
      password: undefined,
      tls: false,
    });
  });

  it.each([
    [
      { REDIS_SENTINELS: "127.0.0.1:26379" },
      "REDIS_SENTINEL_NAME is required with REDIS_SENTINELS",
    ],
    [
      { REDIS_URL: "redis://a:1", REDIS_CLUSTER_NODES: "a:1" },
      "set only one of REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS",
    ],
    [
      { REDIS_CLUSTER_NODES: "a:1", REDIS_SENTINELS: "b:2", REDIS_SENTINEL_NAME: "m" },
      "set only one of REDIS_URL, REDIS_CLUSTER_NODES, REDIS_SENTINELS",
    ],
    [{ REDIS_CLUSTER_NODES: "abc" }, 'REDIS_CLUSTER_NODES: "abc" is not host:port'],
    [{ REDIS_CLUSTER_NODES: "a:1,b:99999" }, 'REDIS_CLUSTER_NODES: "b:99999" is not host:port'],
    [{ REDIS_SENTINELS: "a:1,", REDIS_SENTINEL_NAME: "m" }, 'REDIS_SENTINELS: "" is not host:port'],
    [{ REDIS_URL: "http://a:1" }, "REDIS_URL: must be a redis:// or rediss:// URL"],
    [{ REDIS_SENTINEL_NAME: "m" }, "REDIS_SENTINEL_NAME is only used with REDIS_SENTINELS"],
    [{ REDIS_URL: "redis://a:1", REDIS_PASSWORD: "pw" }, "with REDIS_URL put them in the URL"],
    [{ REDIS_PASSWORD: "pw" }, "REDIS_PASSWORD and REDIS_TLS need REDIS_CLUSTER_NODES"],
    [{ REDIS_CLUSTER_NODES: "a:1", REDIS_TLS: "yes" }, "REDIS_TLS: must be 0 or 1"],
  ])("refuses %o, naming the variable", (env, message) => {
    expect(() => parseRedisTopology(env)).toThrow(message);
  });
});

describe("describeRedisTopology", () => {
  it("never shows a password", () => {
    const topology = parseRedisTopology({ REDIS_URL: "redis://user:hunter2@cache:6379/1" });
    expect(topology).toBeDefined();
    if (topology === undefined) return;
    expect(describeRedisTopology(topology)).toBe("redis://cache:6379/1");
  });
});
