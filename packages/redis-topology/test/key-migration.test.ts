import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freeLoopbackPort, startRedisWithClient } from "@inquiry-hub/test-kit";
import type { RedisWithClient } from "@inquiry-hub/test-kit";
import { scanKeysUnder } from "../src/key-migration-steps";
import { renameCommand, run } from "./support/test-migration";

let redis: RedisWithClient;

beforeAll(async () => {
  redis = await startRedisWithClient();
});

afterAll(() => redis.stop());

describe("scanKeysUnder", () => {
  it("finds every key under a prefix, globs in it taken literally, sorted", async () => {
    const prefix = `scan-${randomUUID()}:*[x]?`;
    const names = Array.from({ length: 1_200 }, (_, index) => `${prefix}${index}:held`);
    await redis.raw.mset(...names.flatMap((name) => [name, "1"]));
    await redis.raw.set(`${prefix.replace("*", "y")}0:held`, "look-alike");
    expect(await scanKeysUnder(redis.raw, prefix, ":held")).toEqual([...names].sort());
  });
});

describe("runKeyMigrationCommand", () => {
  it("moves old keys with their TTL, once, and a dry run changes nothing", async () => {
    const prefix = `cli-${randomUUID()}:`;
    await redis.raw.set(`${prefix}old:a`, "A", "EX", 600);
    await redis.raw.set(`${prefix}old:b`, "B");

    const planned = await run(["--url", redis.server.url, "--prefix", prefix, "--dry-run"]);
    expect(planned).toMatchObject({ code: 0, err: "" });
    expect(planned.out).toBe("dry run, nothing changed; would move:\n  moved: 2");
    expect(await redis.raw.exists(`${prefix}old:a`, `${prefix}old:b`)).toBe(2);

    expect(await run(["--url", redis.server.url, "--prefix", prefix])).toEqual({
      code: 0,
      out: "moved:\n  moved: 2",
      err: "",
    });
    expect(await redis.raw.get(`${prefix}{a}`)).toBe("A");
    expect(await redis.raw.ttl(`${prefix}{a}`)).toBeGreaterThan(590);
    expect((await run(["--url", redis.server.url, "--prefix", prefix])).out).toBe(
      "moved:\n  moved: 0",
    );
  });

  it("never overwrites an existing new key: reports the conflict and exits 1", async () => {
    const prefix = `cli-${randomUUID()}:`;
    await redis.raw.set(`${prefix}old:a`, "old value");
    await redis.raw.set(`${prefix}{a}`, "new value");
    const result = await run(["--url", redis.server.url, "--prefix", prefix]);
    expect(result.code).toBe(1);
    expect(result.err).toBe(`  conflict, new key exists: ${prefix}old:a -> ${prefix}{a}`);
    expect(await redis.raw.get(`${prefix}{a}`)).toBe("new value");
    expect(await redis.raw.get(`${prefix}old:a`)).toBe("old value");
  });

  it.each([
    [[], "--url: required (the server to migrate)"],
    [["--url", "http://127.0.0.1:6379"], "--url: must be a redis:// or rediss:// URL"],
    [["--url", "redis://127.0.0.1:6379", "--force"], "Unknown option '--force'"],
  ])("exits 2 with the usage line for bad arguments %j", async (argv, problem) => {
    const result = await run(argv);
    expect(result.code).toBe(2);
    expect(result.err).toContain(problem);
    expect(result.err).toContain(renameCommand.usage);
  });

  it("exits 1 naming the failure when the server cannot be reached", async () => {
    const port = await freeLoopbackPort();
    const result = await run(["--url", `redis://127.0.0.1:${port}`, "--prefix", "p:"]);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^migration failed: .*ECONNREFUSED/);
  });
});
