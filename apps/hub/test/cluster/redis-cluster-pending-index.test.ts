import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createKeyLayout, pendingMember } from "../../src/platform/redis/keys";
import type { KeyLayout } from "../../src/platform/redis/keys";
import { startNodeLease } from "../../src/platform/redis/node-lease";
import type { NodeLease } from "../../src/platform/redis/node-lease";
import type { RedisClient } from "../../src/platform/redis/redis-client";
import { createRedisConnection, untilReady } from "../../src/platform/redis/redis-connection";
import { createRedisInquiryStore } from "../../src/features/inquiries/stores/redis-inquiry-store";
import type { RedisInquiryStore } from "../../src/features/inquiries/stores/redis-inquiry-store";
import { createRedisPendingIndex } from "../../src/features/inquiries/stores/redis-pending-index";
import { clusterTopology, useRedisCluster } from "../support/cluster-infra";
import { openTestInquiry } from "../support/test-inquiry";

const LEASE_MS = 300;

function answered(deviceId: string) {
  return {
    status: "answered" as const,
    response: "yes",
    byDeviceId: deviceId,
    resolvedAt: new Date().toISOString(),
  };
}

describe("cross-user pending indexes on Redis Cluster", () => {
  const cluster = useRedisCluster();
  let redis: RedisClient;
  let keys: KeyLayout;
  let lease: NodeLease;
  const storeOf = (nodeId: string): RedisInquiryStore =>
    createRedisInquiryStore(redis, {
      keys,
      nodeId,
      historyTtlSeconds: 600,
      replicaAcks: { minReplicaAcks: 1, timeoutMs: 1_000 },
    });

  beforeAll(async () => {
    redis = createRedisConnection(clusterTopology(cluster()), "commands", () => undefined);
    await untilReady(redis);
  });
  afterAll(async () => {
    await lease?.release();
    redis?.disconnect();
  });

  it("lists every pending record in the global index and its holder's held set, and no final one", async () => {
    keys = createKeyLayout(`index-${randomUUID()}:`);
    const store = storeOf("node-a");
    const users = Array.from({ length: 12 }, (_, index) => `user-${index}`);
    const inquiries = users.flatMap((user) => [
      openTestInquiry(user, 60_000),
      openTestInquiry(user, 60_000),
    ]);
    for (const inquiry of inquiries) await store.insert(inquiry);
    const resolved = inquiries.filter((_, index) => index % 3 === 0);
    for (const inquiry of resolved) await store.resolve(inquiry.id, answered("phone"));

    const global = new Set(await redis.zrange(keys.pendingIndex, 0, -1));
    const held = new Set(await redis.smembers(keys.node("node-a").held));
    const pending = (
      await Promise.all(users.map((user) => store.listByUser(user, "pending")))
    ).flat();
    expect(pending).toHaveLength(inquiries.length - resolved.length);
    for (const inquiry of pending) {
      expect(global.has(pendingMember(inquiry.userId, inquiry.id))).toBe(true);
      expect(held.has(pendingMember(inquiry.userId, inquiry.id))).toBe(true);
    }
    for (const inquiry of resolved) {
      expect(global.has(pendingMember(inquiry.userId, inquiry.id))).toBe(false);
      expect(held.has(pendingMember(inquiry.userId, inquiry.id))).toBe(false);
    }
    expect(await redis.smembers(keys.nodes)).toStrictEqual(["node-a"]);
  });

  it("drops stale members lazily: overdue keeps only pending records, orphans only live ones", async () => {
    keys = createKeyLayout(`stale-${randomUUID()}:`);
    lease = startNodeLease(redis, {
      keys,
      nodeId: "judge",
      leaseMs: LEASE_MS,
      log: () => undefined,
    });
    await lease.acquired;
    const index = createRedisPendingIndex(redis, { keys, lease });
    const dead = storeOf("node-dead");
    const overdue = openTestInquiry("ada", 1);
    const stillPending = openTestInquiry("bob", 60_000);
    const finishedEarlier = openTestInquiry("cyd", 1);
    for (const inquiry of [overdue, stillPending, finishedEarlier]) await dead.insert(inquiry);
    await dead.resolve(finishedEarlier.id, answered("tablet"));
    // What a crash between a resolution and its clean-up leaves: a final record still listed.
    const crashedMember = pendingMember(finishedEarlier.userId, finishedEarlier.id);
    await redis.zadd(keys.pendingIndex, Date.parse(finishedEarlier.expiresAt), crashedMember);
    await redis.sadd(keys.node("node-dead").held, crashedMember);
    // And a member whose record never came to be (insert refused or crashed after indexing).
    const ghost = pendingMember("dan", randomUUID());
    await redis.zadd(keys.pendingIndex, Date.now() - 1_000, ghost);
    await redis.sadd(keys.node("node-dead").held, ghost);
    await sleep(5);

    expect(await index.overdue(new Date(), 100)).toStrictEqual([overdue.id]);
    expect(await redis.zrange(keys.pendingIndex, 0, -1)).toStrictEqual(
      expect.arrayContaining([
        pendingMember(overdue.userId, overdue.id),
        pendingMember(stillPending.userId, stillPending.id),
      ]),
    );
    expect(await redis.zcard(keys.pendingIndex)).toBe(2);

    expect(await index.orphaned(100)).toStrictEqual([]);
    await sleep(LEASE_MS + 50);
    expect((await index.orphaned(100)).sort()).toStrictEqual([overdue.id, stillPending.id].sort());
    expect(await redis.scard(keys.node("node-dead").held)).toBe(2);

    await dead.resolve(overdue.id, answered("phone"));
    await dead.resolve(stillPending.id, answered("phone"));
    expect(await index.orphaned(100)).toStrictEqual([]);
    expect(await redis.sismember(keys.nodes, "node-dead")).toBe(0);
  });
});
