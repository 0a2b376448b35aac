import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Inquiry } from "@inquiry-hub/protocol";
import { startRedisCluster } from "@inquiry-hub/test-kit";
import type { TestRedisCluster } from "@inquiry-hub/test-kit";
import type { InquiryEvent } from "../../src/features/inquiries/ports";
import { createKeyLayout } from "../../src/platform/redis/keys";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import {
  channelIndexOf,
  eventChannels,
} from "../../src/features/inquiries/adapters/redis-event-bus";
import { callUntilOpened, resultText } from "../helpers";
import { startTestNode } from "../support/cluster";
import { clusterTopology } from "../support/cluster-infra";

function createdEvent(userId: string): InquiryEvent {
  const now = new Date();
  const inquiry: Inquiry = {
    id: randomUUID(),
    userId,
    type: "INQUIRY",
    question: "Which shard?",
    options: [],
    createdAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + 60_000).toISOString(),
    status: "pending",
    resolution: null,
  };
  return { type: "inquiry.created", inquiry };
}

/** Every event a bus delivers, until `stop`. */
function record(infra: RedisInfra): { events: InquiryEvent[]; stop: () => void } {
  const events: InquiryEvent[] = [];
  return { events, stop: infra.eventBus.subscribe((event) => events.push(event)) };
}

const ids = (events: InquiryEvent[]): string[] => events.map((event) => event.inquiry.id);

/**
 * The event bus (SPUBLISH/SSUBSCRIBE over EVENT_CHANNEL_COUNT channels) of two nodes on a real
 * 3-master/3-replica Redis Cluster, including a failover of the shard that owns a channel, and
 * two whole hub nodes on it (stores, bus, sharded Socket.IO adapter).
 */
describe("the event bus on Redis Cluster", () => {
  let cluster: TestRedisCluster;
  let nodeA: RedisInfra;
  let nodeB: RedisInfra;
  const base = `bus-${randomUUID()}:`;
  const resumedA: number[] = [];
  const resumedB: number[] = [];

  beforeAll(async () => {
    cluster = await startRedisCluster();
    const topology = clusterTopology(cluster);
    nodeA = createRedisInfra({ topology, keyPrefix: base, leaseSeconds: 3, log: () => undefined });
    nodeB = createRedisInfra({ topology, keyPrefix: base, leaseSeconds: 3, log: () => undefined });
    await Promise.all([nodeA.ready(), nodeB.ready()]);
    nodeA.eventBus.onResume?.(() => resumedA.push(Date.now()));
    nodeB.eventBus.onResume?.(() => resumedB.push(Date.now()));
  });
  afterAll(async () => {
    await Promise.all([nodeA?.close(), nodeB?.close()]);
    await cluster?.stop();
  });

  it("spreads the channels over more than one master", async () => {
    const channels = eventChannels(createKeyLayout(base).eventsChannel);
    const masters = await Promise.all(channels.map((channel) => cluster.masterPortOf(channel)));
    expect(new Set(masters).size).toBeGreaterThan(1);
    expect(nodeA.readiness()).toEqual({ ready: true });
  });

  it("delivers every user's events to both nodes, each user's in publish order", async () => {
    const users = Array.from({ length: 8 }, () => randomUUID());
    const onA = record(nodeA);
    const onB = record(nodeB);
    const published = users.flatMap((userId) => [createdEvent(userId), createdEvent(userId)]);
    for (const event of published) await nodeA.eventBus.publish(event);

    for (const listener of [onA, onB]) {
      await expect.poll(() => listener.events.length).toBe(published.length);
      for (const userId of users) {
        const mine = (events: InquiryEvent[]): string[] =>
          ids(events.filter((event) => event.inquiry.userId === userId));
        expect(mine(listener.events)).toEqual(mine(published));
      }
    }
    onA.stop();
    onB.stop();
  });

  it("shows a device on node B an inquiry created on node A, and its withdrawal", async () => {
    const options = {
      topology: clusterTopology(cluster),
      keyPrefix: `hubs-${randomUUID()}:`,
      leaseSeconds: 3,
    };
    const hubA = await startTestNode(options, { heartbeatSeconds: 30 });
    const hubB = await startTestNode(options, { heartbeatSeconds: 30 });
    try {
      const owner = await hubA.registerUser("sharded");
      const phone = await hubB.login(owner.username, "phone");
      const device = await hubB.devices.connect({ token: phone.token });
      const client = await hubA.connectMcp(owner.token);
      const { call, inquiryId } = await callUntilOpened(
        client,
        { name: "send_inquiry", arguments: { prompt: "Which shard?" } },
        "INQUIRY",
      );
      await expect.poll(() => device.created.map((inquiry) => inquiry.id)).toEqual([inquiryId]);

      const answered = await hubA.request(`/api/inquiries/${inquiryId}/answer`, {
        token: owner.token,
        body: { response: "the third" },
      });
      expect(answered.status).toBe(200);
      expect(resultText(await call)).toBe("the third");
      await expect
        .poll(() => device.withdrawn)
        .toEqual([expect.objectContaining({ inquiryId, status: "answered" })]);
    } finally {
      await Promise.all([hubA.close(), hubB.close()]);
    }
  });

  it("resumes after the master of a channel's shard is killed: onResume fires, later events arrive", async () => {
    const userId = randomUUID();
    const channel = `${createKeyLayout(base).eventsChannel}:${channelIndexOf(userId)}`;
    const [resumesA, resumesB] = [resumedA.length, resumedB.length];
    const { port, slot } = await cluster.killMasterOf(channel);
    const killedAt = Date.now();
    const promoted = await cluster.waitForPromotion(slot, port);
    const promotedMs = Date.now() - killedAt;

    await expect
      .poll(() => resumedA.length > resumesA && resumedB.length > resumesB, { timeout: 10_000 })
      .toBe(true);
    const onB = record(nodeB);
    const after = createdEvent(userId);
    await expect
      .poll(
        async () => {
          await nodeA.eventBus.publish(after).catch(() => undefined);
          return ids(onB.events).includes(after.inquiry.id);
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
    const resumedMs = Math.max(resumedA.at(-1) ?? 0, resumedB.at(-1) ?? 0) - killedAt;
    console.info(
      `cluster shard failover ${port} -> ${promoted}: promoted after ${promotedMs} ms, ` +
        `both buses re-subscribed after ${resumedMs} ms, delivery after ${Date.now() - killedAt} ms`,
    );
    expect(nodeB.eventBus.isLive()).toBe(true);
    onB.stop();
  });
});
