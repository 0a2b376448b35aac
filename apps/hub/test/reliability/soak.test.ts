import { setTimeout as sleep } from "node:timers/promises";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { createProgressRecorder, resultText, startTestHub } from "../helpers";
import type { TestHub, TestLogin } from "../helpers";
import { createDeviceSockets } from "../socket-helpers";
import type { DeviceSockets, TestDevice } from "../socket-helpers";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { SCALE, SIZES, report } from "./scale";
import { answerBySocket, mapLimited } from "./support/answer-attempts";
import { UNLIMITED } from "./support/two-nodes";
import {
  activeResources,
  countingBus,
  keysSince,
  settledGrowth,
  settledRssMiB,
} from "./support/soak-probes";
import type { CountedBus, KeyGroup } from "./support/soak-probes";

const USERS = 10;
/** Short, so resolved inquiries expire within the run and the key count can come back. */
const HISTORY_TTL_SECONDS = 5;
/** How long the keys get to expire after the run: the history TTL plus the limiters' minute. */
const EXPIRY_BUDGET_MS = (HISTORY_TTL_SECONDS + 75) * 1000;
/**
 * Whether some key the run wrote (and that has not expired yet) is due within the expiry
 * budget: the run's short-lived keys are not all gone yet. Immortal keys are counted apart.
 */
function expiresWithin(groups: Record<string, KeyGroup>): boolean {
  return Object.values(groups).some((group) => group.minTtlMs <= EXPIRY_BUDGET_MS);
}

/** The JS heap in use, in MiB (read right after settledRssMiB's collection). */
function heapMiB(): number {
  return process.memoryUsage().heapUsed / 2 ** 20;
}

/** Load before the baseline is taken, so JIT, pools and buffers have reached their size. */
const WARM_UP_MS = Math.min(30_000, SIZES.soakMs / 2);

/**
 * Invariant check for long runs (RELIABILITY_SCALE=soak only): one Redis-backed node holds
 * 1,000 sockets while agents open 10 inquiries a second, each answered from a device
 * socket. Afterwards the node has not grown (RSS within 10 % after GC), every key the run
 * wrote has expired back to the baseline, and no timer, handle or bus listener is left over.
 */
describe.skipIf(SCALE !== "soak")("soak", () => {
  let server: TestRedisServer;
  let redis: RedisInfra;
  let counted: CountedBus;
  let node: TestHub;
  let admin: Redis;
  let sockets: DeviceSockets;
  const users: { login: TestLogin; client: Client; devices: TestDevice[] }[] = [];

  beforeAll(async () => {
    server = await startRedisServer();
    redis = createRedisInfra({
      url: server.url,
      keyPrefix: "soak:",
      leaseSeconds: 3,
      historyTtlSeconds: HISTORY_TTL_SECONDS,
    });
    await redis.ready();
    const deps = { ...redis, cluster: redis };
    counted = countingBus(redis.eventBus);
    node = await startTestHub(
      {
        heartbeatSeconds: 5,
        nodeLeaseSeconds: 3,
        historyTtlSeconds: HISTORY_TTL_SECONDS,
        rateLimits: UNLIMITED,
      },
      { ...deps, eventBus: counted.bus },
    );
    admin = new Redis(server.url);
    sockets = createDeviceSockets(node.url);
    for (let index = 0; index < USERS; index += 1) {
      const login = await node.registerUser(`soak${index}`);
      const devices = await mapLimited(Array.from({ length: SIZES.soakSockets / USERS }), 25, () =>
        sockets.connect({ token: login.token }),
      );
      // The helper records every event a device hears; over a soak that record would be the
      // growth measured. The sockets still receive and parse every event.
      for (const device of devices) {
        device.socket.off("inquiry:new");
        device.socket.off("inquiry:withdrawn");
      }
      users.push({ login, client: await node.connectMcp(login.token), devices });
    }
  }, 120_000);

  afterAll(async () => {
    sockets.closeAll();
    await node.close();
    await redis.close();
    admin.disconnect();
    await server.stop();
  });

  /** One agent call, answered from one of the owner's sockets once it is announced. */
  async function askAndAnswer(index: number): Promise<boolean> {
    const user = users[index % USERS];
    const device = user?.devices[Math.floor(index / USERS) % user.devices.length];
    if (user === undefined || device === undefined) return false;
    const progress = createProgressRecorder();
    const call = user.client.callTool(
      { name: "send_inquiry", arguments: { prompt: `Soak ${index}?` } },
      undefined,
      { onprogress: progress.onprogress, timeout: 60_000 },
    );
    const opened = await progress.next("INQUIRY");
    const answered = await answerBySocket(device.socket, opened.inquiryId, {
      action: "answer",
      response: `ok ${index}`,
    });
    return answered.ok && resultText(await call) === `ok ${index}`;
  }

  /** Fires `count` calls at the soak's rate and resolves with how many came back answered. */
  async function load(count: number): Promise<number> {
    const startedAt = Date.now();
    const calls: Promise<boolean>[] = [];
    for (let index = 0; index < count; index += 1) {
      await sleep(
        Math.max(0, startedAt + (index * 1000) / SIZES.soakInquiriesPerSecond - Date.now()),
      );
      calls.push(askAndAnswer(index).catch(() => false));
    }
    return (await Promise.all(calls)).filter(Boolean).length;
  }

  it(
    `${SIZES.soakSockets} sockets, ${SIZES.soakInquiriesPerSecond} inquiries/s for ${SIZES.soakMs / 1000} s`,
    async () => {
      const perSecond = SIZES.soakInquiriesPerSecond;
      const baselineKeys = new Set(await admin.keys("*"));
      const warmUpCalls = (WARM_UP_MS / 1000) * perSecond;
      expect(await load(warmUpCalls)).toBe(warmUpCalls);
      const baseline = {
        rss: settledRssMiB(),
        heap: heapMiB(),
        resources: activeResources(),
        listeners: counted.live(),
      };

      const calls = (SIZES.soakMs / 1000) * perSecond;
      const startedAt = Date.now();
      const answered = await load(calls);
      const seconds = (Date.now() - startedAt) / 1000;
      const peakKeys = await admin.dbsize();
      const rss = settledRssMiB();
      const heap = heapMiB();
      const growth = (rss - baseline.rss) / baseline.rss;
      const leftOver = await settledGrowth(baseline.resources, 10_000);
      const listeners = counted.live();
      const expiringSince = Date.now();
      let left = await keysSince(admin, baselineKeys);
      while (Date.now() < expiringSince + EXPIRY_BUDGET_MS && expiresWithin(left)) {
        await sleep(1_000);
        left = await keysSince(admin, baselineKeys);
      }
      const longLived = Object.entries(left).map(
        ([pattern, group]) =>
          `${group.count} ${pattern} (${
            group.immortal > 0 ? "no TTL" : `TTL ≤ ${(group.maxTtlMs / 3_600_000).toFixed(0)} h`
          })`,
      );
      // Per-entity keys (an id in the name) must all expire; fixed bookkeeping keys such as
      // the node registry cannot grow with the load.
      const immortal = Object.entries(left).filter(
        ([pattern, group]) => pattern.includes("*") && group.immortal > 0,
      );
      report(
        `soak ${SIZES.soakSockets} sockets, ${answered}/${calls} inquiries answered in ` +
          `${seconds.toFixed(0)} s (${(answered / seconds).toFixed(1)}/s), RSS ` +
          `${baseline.rss.toFixed(0)} → ${rss.toFixed(0)} MiB (${(growth * 100).toFixed(1)} %), ` +
          `Redis keys ${baselineKeys.size} → ${peakKeys} → ${baselineKeys.size} + ` +
          `[${longLived.join(", ")}] ${((Date.now() - expiringSince) / 1000).toFixed(0)} s ` +
          `after the run, ${immortal.length} growing without TTL, heap ${baseline.heap.toFixed(0)} → ` +
          `${heap.toFixed(0)} MiB, ` +
          `bus listeners ${baseline.listeners} → ${listeners}, active resources ` +
          `${JSON.stringify(baseline.resources)} → ${JSON.stringify(activeResources())}`,
      );
      expect(expiresWithin(left), "short-lived keys left").toBe(false);
      expect(immortal, "per-entity keys without TTL").toEqual([]);
      expect(answered).toBe(calls);
      expect(growth).toBeLessThan(0.1);
      expect(listeners).toBe(baseline.listeners);
      expect(leftOver, "timers and handles left over").toEqual({});
    },
    SIZES.soakMs + WARM_UP_MS + 240_000,
  );
});
