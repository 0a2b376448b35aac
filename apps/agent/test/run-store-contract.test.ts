import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { silentLogger } from "@inquiry-hub/logging";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLmdbRunStore } from "../src/stores/lmdb/lmdb-run-store";
import { createMemoryRunStore } from "../src/stores/memory-run-store";
import type { RunStore } from "../src/runs/ports";
import { runKeysUnder } from "../src/stores/redis/redis-run-keys";
import { createRedisRunStore } from "../src/stores/redis/redis-run-store";
import { aRun, describeRunStoreContract } from "./support/run-store-contract";

const LONG_TTL_MS = 60_000;
const logger = silentLogger();

let redis: TestRedisServer;
const dataDirs: string[] = [];
const opened: RunStore[] = [];

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "agent-runs-"));
  dataDirs.push(dir);
  return dir;
}

/** Two store objects on one Redis under a fresh prefix, and that prefix. */
function openRedis(ttlMs: number): { stores: [RunStore, RunStore]; prefix: string } {
  const prefix = `runs-${randomUUID()}:`;
  const options = { url: redis.url, keyPrefix: prefix, ttlMs, logger };
  return { stores: [createRedisRunStore(options), createRedisRunStore(options)], prefix };
}

beforeAll(async () => {
  redis = await startRedisServer();
});

afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

afterAll(async () => {
  await redis.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describeRunStoreContract({
  name: "memory",
  open(ttlMs) {
    const store = createMemoryRunStore({ ttlMs });
    return [store, store];
  },
});

describeRunStoreContract({
  name: "lmdb",
  open(ttlMs) {
    const options = { dir: newDataDir(), ttlMs, logger };
    return [createLmdbRunStore(options), createLmdbRunStore(options)];
  },
});

describeRunStoreContract({ name: "redis", open: (ttlMs) => openRedis(ttlMs).stores });

describe("embedded (LMDB) run store", () => {
  it("keeps runs, logs and leases across a close and reopen of the folder", async () => {
    const dir = newDataDir();
    const first = createLmdbRunStore({ dir, ttlMs: LONG_TTL_MS, logger });
    const run = aRun();
    await first.create(run);
    await first.append(run.id, "before the restart");
    await first.claim(run.id, "node-a", 60_000);
    await first.close();
    const second = createLmdbRunStore({ dir, ttlMs: LONG_TTL_MS, logger });
    opened.push(second);
    expect(await second.get(run.id)).toEqual(run);
    expect(await second.listRunning()).toEqual([run.id]);
    expect(await second.claim(run.id, "node-b", 60_000)).toBe(false);
    expect(await second.append(run.id, "after")).toBe(2);
    expect(await second.read(run.id, 0, 10)).toEqual([
      { id: 1, data: "before the restart" },
      { id: 2, data: "after" },
    ]);
  });

  it("deletes expired runs in its sweep, leaving the live ones", async () => {
    const dir = newDataDir();
    const store = createLmdbRunStore({ dir, ttlMs: 100, logger });
    opened.push(store);
    const [expired, live] = [aRun(), aRun()];
    await store.create(expired);
    await store.create(live);
    await store.append(expired.id, "x");
    await store.finish(expired.id, "failed", "2026-01-01T00:00:00.000Z");
    expect(await store.sweepExpired()).toBe(0);
    // A sweep before the TTL deletes nothing, so sweeping until it deletes one is safe.
    await vi.waitFor(async () => expect(await store.sweepExpired()).toBe(1), {
      timeout: 5_000,
      interval: 20,
    });
    expect(await store.sweepExpired()).toBe(0);
    await store.create(expired);
    expect(await store.read(expired.id, 0, 10)).toEqual([]);
    expect((await store.get(live.id))?.status).toBe("running");
  });

  it("refuses a folder another live process uses, and takes over one left by a dead one", async () => {
    const dir = newDataDir();
    writeFileSync(path.join(dir, "agent.pid"), String(process.ppid));
    expect(() => createLmdbRunStore({ dir, ttlMs: LONG_TTL_MS, logger })).toThrow(
      new RegExp(`in use by the agent process ${process.ppid}`),
    );
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await once(child, "exit");
    writeFileSync(path.join(dir, "agent.pid"), String(child.pid));
    const store = createLmdbRunStore({ dir, ttlMs: LONG_TTL_MS, logger });
    opened.push(store);
    expect(await store.listRunning()).toEqual([]);
  });
});

describe("Redis run store", () => {
  it("reports a corrupted record as a clear error naming the run", async () => {
    const { stores, prefix } = openRedis(LONG_TTL_MS);
    opened.push(...stores);
    const [node] = stores;
    const run = aRun();
    await node.create(run);
    const raw = new Redis(redis.url);
    try {
      const key = runKeysUnder(prefix).run(run.id);
      await raw.hset(key, "status", "paused");
      await expect(node.get(run.id)).rejects.toThrow(`run ${run.id}: the stored record is corrupt`);
      await raw.hset(key, "status", "running", "checkpoint", "{not json");
      await expect(node.get(run.id)).rejects.toThrow(/corrupt \(not JSON\)/);
    } finally {
      await raw.quit();
    }
  });
});
