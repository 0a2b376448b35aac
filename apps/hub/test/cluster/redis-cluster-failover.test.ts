import type { Inquiry, InquiryResolution } from "@inquiry-hub/protocol";
import { silentLogger } from "@inquiry-hub/logging";
import { startRedisCluster } from "@inquiry-hub/test-kit";
import type { TestRedisCluster } from "@inquiry-hub/test-kit";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createInquiryService } from "../../src/features/inquiries/inquiry-service";
import { HubError } from "../../src/kernel/errors";
import { createLocalEventBus } from "../../src/features/inquiries/adapters/local-event-bus";
import { createKeyLayout } from "../../src/platform/redis/keys";
import type { RedisClient } from "../../src/platform/redis/redis-client";
import { createRedisConnection, untilReady } from "../../src/platform/redis/redis-connection";
import { createRedisInquiryStore } from "../../src/features/inquiries/stores/redis-inquiry-store";

/** Inquiries raced; FAILOVER_SCALE=10 runs 10,000 (≈10× the time). */
const INQUIRIES = 1_000 * Number(process.env.FAILOVER_SCALE ?? "1");
const USERS = 40;
/** Resolutions in flight at once (two per inquiry: devices A and B). */
const CONCURRENCY = 64;
/** How long the victim's replica lags behind before its master is killed. */
const REPLICATION_LAG_MS = 300;
/** How long a resolver keeps retrying UNAVAILABLE before the test calls the outcome lost. */
const RESOLVER_DEADLINE_MS = 15_000;

type Outcome = { winner: boolean; stored: Inquiry; retries: number };

function answerFrom(deviceId: string): InquiryResolution {
  return {
    status: "answered",
    response: `answer from ${deviceId}`,
    byDeviceId: deviceId,
    resolvedAt: new Date().toISOString(),
  };
}

/** Keeps a device's answer coming until the hub gives a definite outcome, as an app would. */
async function resolveUntilDefinite(
  attempt: () => Promise<{ applied: boolean; inquiry: Inquiry }>,
): Promise<Outcome> {
  const deadline = Date.now() + RESOLVER_DEADLINE_MS;
  for (let retries = 0; ; retries += 1) {
    try {
      const { applied, inquiry } = await attempt();
      return { winner: applied, stored: inquiry, retries };
    } catch (error) {
      if (!(error instanceof HubError) || error.code !== "UNAVAILABLE" || Date.now() > deadline)
        throw error;
      await sleep(50);
    }
  }
}

/** Runs `tasks` with at most `limit` in flight; resolves with every result in order. */
async function inPool<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array<T>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < tasks.length) {
        const index = next;
        next += 1;
        const task = tasks[index];
        if (task !== undefined) results[index] = await task();
      }
    }),
  );
  return results;
}

describe("Redis Cluster: a master SIGKILLed during racing resolutions", () => {
  let cluster: TestRedisCluster;
  let redis: RedisClient;

  beforeAll(async () => {
    cluster = await startRedisCluster({ masters: 3, replicasPerMaster: 1 });
    redis = createRedisConnection(
      { kind: "cluster", nodes: [...cluster.startupNodes], tls: false },
      "commands",
      () => undefined,
    );
    await untilReady(redis);
  }, 20_000);

  afterAll(async () => {
    redis?.disconnect();
    await cluster?.stop();
  });

  it(`${INQUIRIES} inquiries × 2 racing devices: one winner each, none lost, every waiter settled once`, async () => {
    const keys = createKeyLayout("failover:");
    const store = createRedisInquiryStore(redis, {
      keys,
      nodeId: "node-a",
      historyTtlSeconds: 600,
      replicaAcks: { minReplicaAcks: 1, timeoutMs: 1_000 },
    });
    const service = createInquiryService(
      {
        store,
        bus: createLocalEventBus(silentLogger()),
        validateArguments: () => undefined,
        logger: silentLogger(),
      },
      { defaultTimeoutMs: 120_000, timeoutGraceMs: 1_000 },
    );
    const users = Array.from({ length: USERS }, (_, index) => `user-${index}`);
    const masters = new Set(
      await Promise.all(users.map((user) => cluster.masterPortOf(keys.userKeys(user).pending))),
    );
    expect(masters.size).toBe(3);

    const inquiries = await inPool(
      Array.from(
        { length: INQUIRIES },
        (_, index) => () =>
          service.create(users[index % USERS] ?? "user-0", { question: `Go ahead #${index}?` }),
      ),
      CONCURRENCY,
    );
    const settlements = new Map<string, number>();
    const waits = inquiries.map((inquiry) =>
      service.waitForResolution(inquiry.id).then((final) => {
        settlements.set(inquiry.id, (settlements.get(inquiry.id) ?? 0) + 1);
        return final;
      }),
    );

    const victimKey = keys.userKeys("user-0").pending;
    let finished = 0;
    const timings = { killedAt: 0, firstWriteAt: 0, promotedPort: 0, replicaBackAt: 0 };
    let killed: { port: number; slot: number } | undefined;
    // The fault, then what an orchestrator does: the dead node comes back and rejoins as the
    // replica of the promoted one. Until then that shard has no replica, so resolutions there
    // cannot be confirmed (WAIT) and are answered UNAVAILABLE: devices retry.
    const failAndRepair = async (): Promise<void> => {
      const startedAt = Date.now();
      while (finished < INQUIRIES * 2 * (1 / 3)) {
        if (Date.now() - startedAt > RESOLVER_DEADLINE_MS) throw new Error("the race stalled");
        await sleep(5);
      }
      // The replica stops taking the master's stream first, so the master acknowledges writes
      // it has not replicated when it dies: what asynchronous replication can lose.
      const resumeReplica = await cluster.pauseReplicasOf(await cluster.masterPortOf(victimKey));
      await sleep(REPLICATION_LAG_MS);
      timings.killedAt = Date.now();
      killed = await cluster.killMasterOf(victimKey).finally(resumeReplica);
      const failed = killed;
      const probeFirstWrite = async (): Promise<void> => {
        const probeKey = `${victimKey}:probe`;
        while (timings.firstWriteAt === 0 && Date.now() - timings.killedAt < RESOLVER_DEADLINE_MS) {
          timings.firstWriteAt = await redis.set(probeKey, "1").then(
            () => Date.now(),
            () => sleep(20).then(() => 0),
          );
        }
      };
      const repair = async (): Promise<void> => {
        timings.promotedPort = await cluster.waitForPromotion(failed.slot, failed.port);
        await cluster.restartNode(failed.port);
        timings.replicaBackAt = Date.now();
      };
      await Promise.all([probeFirstWrite(), repair()]);
    };
    const race = inPool(
      inquiries.flatMap((inquiry) =>
        ["device-a", "device-b"].map((device) => async () => {
          // A device resends the same answer until it hears back, as the app's outbox does.
          const answer = answerFrom(device);
          const outcome = await resolveUntilDefinite(() => service.resolve(inquiry.id, answer));
          finished += 1;
          return { id: inquiry.id, device, ...outcome };
        }),
      ),
      CONCURRENCY,
    );
    const [outcomes] = await Promise.all([race, failAndRepair()]);
    if (killed === undefined) throw new Error("the master was never killed");
    expect(timings.promotedPort).not.toBe(killed.port);
    await Promise.all(waits);

    const winners = new Map<string, string[]>();
    for (const outcome of outcomes)
      if (outcome.winner)
        winners.set(outcome.id, [...(winners.get(outcome.id) ?? []), outcome.device]);
    const doubled = [...winners.values()].filter((devices) => devices.length > 1).length;
    const finals = await Promise.all(inquiries.map((inquiry) => store.get(inquiry.id)));
    const lost = finals.filter((final, index) => {
      const winner = winners.get(inquiries[index]?.id ?? "")?.[0];
      if (final === undefined || final.status !== "answered") return true;
      return winner !== undefined && final.resolution?.byDeviceId !== winner;
    }).length;
    const noWinnerReported = inquiries.length - winners.size;
    const retried = outcomes.filter((outcome) => outcome.retries > 0).length;
    console.info(
      `failover: ${INQUIRIES} inquiries over ${USERS} users; killed master :${killed.port} ` +
        `(slot ${killed.slot}) after ${Math.round(INQUIRIES * (2 / 3))} resolutions; ` +
        `promoted :${timings.promotedPort}; kill → first write on the new master ` +
        `${timings.firstWriteAt - timings.killedAt} ms; kill → replica back ` +
        `${timings.replicaBackAt - timings.killedAt} ms; resolutions retried: ${retried}; ` +
        `doubled ${doubled}, lost ${lost}, no winner reported ${noWinnerReported}`,
    );

    expect(timings.firstWriteAt).toBeGreaterThan(0);
    expect(doubled).toBe(0);
    expect(lost).toBe(0);
    expect([...settlements.values()].every((count) => count === 1)).toBe(true);
    expect(settlements.size).toBe(INQUIRIES);
    const finalDevices = finals.map((final) => final?.resolution?.byDeviceId);
    expect(finalDevices.every((device) => device === "device-a" || device === "device-b")).toBe(
      true,
    );
    service.close();
  }, 60_000);
});
