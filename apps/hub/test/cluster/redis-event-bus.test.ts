import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { startRedisServer } from "@inquiry-hub/test-kit";
import type { TestRedisServer } from "@inquiry-hub/test-kit";
import { openInquiry } from "../../src/features/inquiries/inquiry-machine";
import type { InquiryEvent, InquiryEventBus } from "../../src/features/inquiries/ports";
import { createRedisInfra } from "../../src/composition/stores/redis-infra";
import { eventChannels } from "../../src/features/inquiries/adapters/redis-event-bus";
import type { RedisInfra } from "../../src/composition/stores/redis-infra";
import { createKeyLayout } from "../../src/platform/redis/keys";

function createdEvent(): InquiryEvent {
  const now = new Date();
  return {
    type: "inquiry.created",
    inquiry: openInquiry({
      id: randomUUID(),
      userId: "bus-user",
      type: "INQUIRY",
      question: "Which city?",
      options: [],
      createdAt: now,
      expiresAt: new Date(now.getTime() + 60_000),
    }),
  };
}

/** Everything a listener on `bus` hears, until `stop()`. */
function record(bus: InquiryEventBus): { events: InquiryEvent[]; stop: () => void } {
  const events: InquiryEvent[] = [];
  const stop = bus.subscribe((event) => events.push(event));
  return { events, stop };
}

const ids = (events: InquiryEvent[]): string[] => events.map((event) => event.inquiry.id);

describe("Redis inquiry event bus across two hub nodes", () => {
  let server: TestRedisServer;
  let nodeA: RedisInfra;
  let nodeB: RedisInfra;
  const logA = vi.fn();
  const logB = vi.fn();
  const keyPrefix = `bus-${randomUUID()}:`;

  beforeAll(async () => {
    server = await startRedisServer();
    nodeA = createRedisInfra({ url: server.url, keyPrefix, log: logA });
    nodeB = createRedisInfra({ url: server.url, keyPrefix, log: logB });
    await Promise.all([nodeA.ready(), nodeB.ready()]);
  });
  afterAll(async () => {
    await Promise.all([nodeA.close(), nodeB.close()]);
    await server.stop();
  });

  it("delivers a publish on one node to every subscriber on both nodes, once, in order", async () => {
    const onA = record(nodeA.eventBus);
    const alsoOnA = record(nodeA.eventBus);
    const onB = record(nodeB.eventBus);
    const first = createdEvent();
    const second: InquiryEvent = { type: "inquiry.resolved", inquiry: createdEvent().inquiry };

    await nodeA.eventBus.publish(first);
    await nodeA.eventBus.publish(second);

    for (const listener of [onA, alsoOnA, onB]) {
      await expect.poll(() => listener.events.length).toBe(2);
      expect(listener.events).toStrictEqual([first, second]);
      listener.stop();
    }
  });

  it("stops delivering to a listener once it unsubscribes", async () => {
    const leaving = record(nodeB.eventBus);
    const staying = record(nodeB.eventBus);
    leaving.stop();
    const event = createdEvent();

    await nodeA.eventBus.publish(event);

    await expect.poll(() => ids(staying.events)).toStrictEqual([event.inquiry.id]);
    expect(leaving.events).toStrictEqual([]);
    staying.stop();
  });

  it("drops malformed messages with a log line and keeps delivering valid ones", async () => {
    const onB = record(nodeB.eventBus);
    const rogue = new Redis(server.url);
    logB.mockClear();
    try {
      const [channel = ""] = eventChannels(createKeyLayout(keyPrefix).eventsChannel);
      await rogue.spublish(channel, "not json {");
      await rogue.spublish(
        channel,
        JSON.stringify({ type: "inquiry.created", inquiry: { id: 1 } }),
      );
      await rogue.spublish(channel, JSON.stringify({ type: "inquiry.deleted" }));
      const valid = createdEvent();
      await rogue.spublish(channel, JSON.stringify(valid));

      await expect.poll(() => ids(onB.events)).toStrictEqual([valid.inquiry.id]);
      const drops = logB.mock.calls.filter(
        ([message]) => message === "dropped a malformed inquiry event",
      );
      expect(drops).toHaveLength(3);
    } finally {
      onB.stop();
      await rogue.quit();
    }
  });

  it("keeps delivering to other listeners when one throws", async () => {
    const stopThrowing = nodeB.eventBus.subscribe(() => {
      throw new Error("listener bug");
    });
    const onB = record(nodeB.eventBus);
    const event = createdEvent();

    await nodeA.eventBus.publish(event);

    await expect.poll(() => ids(onB.events)).toStrictEqual([event.inquiry.id]);
    expect(logB).toHaveBeenCalledWith("inquiry event listener failed", expect.any(Error));
    stopThrowing();
    onB.stop();
  });

  it("rejects publishes with UNAVAILABLE while Redis is down instead of hanging", async () => {
    await server.stop();
    try {
      await expect(nodeA.eventBus.publish(createdEvent())).rejects.toMatchObject({
        name: "HubError",
        code: "UNAVAILABLE",
      });
    } finally {
      await server.start();
    }
  });

  it("resumes subscriptions after a Redis restart: a publish arrives within seconds", async () => {
    await server.restart(500);
    const onA = record(nodeA.eventBus);
    const onB = record(nodeB.eventBus);
    const startedAt = Date.now();

    await expect
      .poll(
        async () => {
          const event = createdEvent();
          const published = await nodeA.eventBus.publish(event).then(
            () => true,
            () => false,
          );
          if (!published) return false;
          await new Promise((resolve) => setTimeout(resolve, 200));
          return [onA, onB].every((listener) => ids(listener.events).includes(event.inquiry.id));
        },
        { timeout: 5_000, interval: 100 },
      )
      .toBe(true);
    expect(Date.now() - startedAt).toBeLessThan(5_000);
    onA.stop();
    onB.stop();
  });
});
