import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRedisWithClient } from "@inquiry-hub/test-kit";
import type { RedisWithClient } from "@inquiry-hub/test-kit";
import { openInquiry } from "../../src/features/inquiries/inquiry-machine";
import { auditFields } from "../../src/features/inquiries/stores/redis-audit-trail";
import { encodeInquiry } from "../../src/features/inquiries/stores/inquiry-codec";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import { migrateKeyLayout } from "../../src/platform/redis/migrate-key-layout";

let redis: RedisWithClient;

beforeAll(async () => {
  redis = await startRedisWithClient();
});

afterAll(() => redis.stop());

/** What `writeOldLayout` created, to look up through the new stores. */
interface OldData {
  userId: string;
  pendingId: string;
  resolvedId: string;
  deviceId: string;
  teamId: string;
  conversationId: string;
  expiresAt: number;
}

/** Writes one person's data as the hub before the hash-tagged layout stored it. */
async function writeOldLayout(prefix: string): Promise<OldData> {
  const [userId, pendingId, resolvedId, deviceId, teamId, conversationId] = [
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
    randomUUID(),
  ];
  const now = Date.now();
  const expiresAt = now + 60_000;
  const user = `${prefix}user:${userId}`;
  const at = new Date(now).toISOString();

  await redis.raw.hset(`${prefix}device:${deviceId}`, {
    id: deviceId,
    userId,
    name: "Laptop",
    kind: "desktop",
    tokenHash: "hash",
    purpose: "device",
    firstSeenAt: at,
    lastSeenAt: at,
  });
  await redis.raw.zadd(`${user}:devices`, now, deviceId);
  await redis.raw.set(`${user}:settings`, JSON.stringify({ yolo: { enabled: true } }));

  const pending = openInquiry({
    id: pendingId,
    userId,
    type: "INQUIRY",
    question: "Which city?",
    options: ["Paris"],
    createdAt: new Date(now),
    expiresAt: new Date(expiresAt),
  });
  await redis.raw.hset(`${prefix}inquiry:${pendingId}`, {
    ...encodeInquiry(pending),
    userId,
    holder: "old-node",
  });
  await redis.raw.zadd(`${user}:inquiries`, now, pendingId);
  await redis.raw.zadd(`${user}:pending`, now, pendingId);
  await redis.raw.zadd(`${prefix}pending`, expiresAt, pendingId);
  await redis.raw.sadd(`${prefix}node:old-node:held`, pendingId);
  await redis.raw.sadd(`${prefix}nodes`, "old-node");
  await redis.raw.xadd(
    `${user}:audit`,
    "*",
    "userId",
    userId,
    ...auditFields({ inquiryId: pendingId, to: "pending", at }),
  );

  const resolved = {
    ...openInquiry({
      id: resolvedId,
      userId,
      type: "INQUIRY",
      question: "Ship it?",
      options: ["yes", "no"],
      createdAt: new Date(now - 1_000),
      expiresAt: new Date(expiresAt),
    }),
    status: "answered" as const,
    resolution: { status: "answered" as const, response: "yes", resolvedAt: at },
  };
  await redis.raw.hset(`${prefix}inquiry:${resolvedId}`, {
    ...encodeInquiry(resolved),
    userId,
    holder: "old-node",
  });
  await redis.raw.expire(`${prefix}inquiry:${resolvedId}`, 3_600);
  await redis.raw.zadd(`${user}:inquiries`, now - 1_000, resolvedId);

  await redis.raw.set(
    `${prefix}team:${teamId}`,
    JSON.stringify({ id: teamId, name: "Ops", createdAt: at }),
  );
  await redis.raw.hset(
    `${prefix}team:${teamId}:members`,
    userId,
    JSON.stringify({ userId, role: "owner", joinedAt: at }),
  );
  await redis.raw.sadd(`${user}:teams`, teamId);

  const summary = {
    id: conversationId,
    title: "Trip",
    createdAt: at,
    updatedAt: at,
    running: false,
  };
  await redis.raw.hset(`${prefix}conversation:${conversationId}`, {
    record: "{}",
    summary: JSON.stringify(summary),
    version: 1,
    userId,
  });
  await redis.raw.sadd(`${user}:conversations`, conversationId);
  return { userId, pendingId, resolvedId, deviceId, teamId, conversationId, expiresAt };
}

/** Every key under `prefix` with its type and TTL state, to show a dry run changed nothing. */
async function snapshot(prefix: string): Promise<string[]> {
  const keys = await redis.raw.keys(`${prefix}*`);
  const members = await redis.raw.zrange(`${prefix}pending`, 0, -1);
  return [...keys.sort(), ...members];
}

describe("Redis key layout migration", () => {
  it("moves old-layout data where the new stores find it, once", async () => {
    const prefix = `mig-${randomUUID().slice(0, 8)}:`;
    const old = await writeOldLayout(prefix);

    const report = await migrateKeyLayout(redis.raw, { prefix });
    expect(report).toEqual({
      userKeys: 7,
      inquiries: 2,
      inquiryOwners: 2,
      teamKeys: 2,
      pendingMembers: 1,
      heldMembers: 1,
      staleMembersDropped: 0,
      conflicts: [],
      unrecognized: [],
    });
    const ownerTtl = await redis.raw.ttl(`${prefix}inquiry-owner:${old.resolvedId}`);
    expect(ownerTtl).toBeGreaterThan(3_500);
    expect(ownerTtl).toBeLessThanOrEqual(3_600);
    expect(await redis.raw.ttl(`${prefix}inquiry-owner:${old.pendingId}`)).toBeGreaterThan(
      7 * 86_400,
    );

    const again = await migrateKeyLayout(redis.raw, { prefix });
    expect(again).toMatchObject({ userKeys: 0, inquiries: 0, inquiryOwners: 0, teamKeys: 0 });
    expect(again).toMatchObject({ pendingMembers: 0, heldMembers: 0, conflicts: [] });

    const infra = createRedisInfra({ url: redis.server.url, keyPrefix: prefix, leaseSeconds: 0.2 });
    try {
      await infra.ready();
      const { inquiryStore, pendingIndex } = infra;
      const listed = await inquiryStore.listByUser(old.userId);
      expect(listed.map((inquiry) => inquiry.id)).toEqual([old.pendingId, old.resolvedId]);
      expect((await inquiryStore.listByUser(old.userId, "pending")).map((i) => i.id)).toEqual([
        old.pendingId,
      ]);
      expect((await inquiryStore.get(old.resolvedId))?.resolution?.response).toBe("yes");
      expect(await pendingIndex.overdue(new Date(old.expiresAt + 1), 10)).toEqual([old.pendingId]);
      await expect.poll(() => pendingIndex.orphaned(10)).toEqual([old.pendingId]);

      expect(await infra.settingsStore.get(old.userId)).toEqual({ yolo: { enabled: true } });
      const devices = await infra.deviceStore.listByUser(old.userId);
      expect(devices.map((device) => device.id)).toEqual([old.deviceId]);
      expect(await infra.teamStore.get(old.teamId)).toMatchObject({ name: "Ops" });
      expect(await infra.teamStore.teamIdsOf(old.userId)).toEqual([old.teamId]);
      expect((await infra.teamStore.members(old.teamId)).map((m) => m.userId)).toEqual([
        old.userId,
      ]);
      const summaries = await infra.conversationStore.listSummaries(old.userId);
      expect(summaries.map((summary) => summary.id)).toEqual([old.conversationId]);

      const outcome = await inquiryStore.resolve(old.pendingId, {
        status: "answered",
        response: "Paris",
        resolvedAt: new Date().toISOString(),
      });
      expect(outcome.kind).toBe("resolved");
      expect(await redis.raw.xlen(`${prefix}{u:${old.userId}}:audit`)).toBe(2);
      expect(await pendingIndex.overdue(new Date(old.expiresAt + 1), 10)).toEqual([]);
      expect(await inquiryStore.listByUser(old.userId, "pending")).toEqual([]);
    } finally {
      await infra.close();
    }
  });

  it("changes nothing on a dry run and reports, never overwrites, an existing new key", async () => {
    const prefix = `mig-${randomUUID().slice(0, 8)}:`;
    const old = await writeOldLayout(prefix);
    const before = await snapshot(prefix);

    const planned = await migrateKeyLayout(redis.raw, { prefix, dryRun: true });
    expect(planned).toMatchObject({ userKeys: 7, inquiries: 2, inquiryOwners: 2, teamKeys: 2 });
    expect(planned).toMatchObject({ pendingMembers: 1, heldMembers: 1, conflicts: [] });
    expect(await snapshot(prefix)).toEqual(before);

    await redis.raw.set(
      `${prefix}{u:${old.userId}}:settings`,
      JSON.stringify({ yolo: { enabled: false } }),
    );
    const report = await migrateKeyLayout(redis.raw, { prefix });
    expect(report.userKeys).toBe(6);
    expect(report.conflicts).toEqual([
      `${prefix}user:${old.userId}:settings -> ${prefix}{u:${old.userId}}:settings`,
    ]);
    expect(await redis.raw.get(`${prefix}{u:${old.userId}}:settings`)).toBe(
      JSON.stringify({ yolo: { enabled: false } }),
    );
    expect(await redis.raw.exists(`${prefix}user:${old.userId}:settings`)).toBe(1);
  });
});
