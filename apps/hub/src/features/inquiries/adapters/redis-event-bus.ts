import { InquirySchema } from "@inquiry-hub/protocol";
import { TraceCarrierSchema } from "./trace-carrier";
import { z } from "zod";
import type { InquiryEvent, InquiryEventBus } from "../ports";
import type { RedisClient } from "../../../platform/redis/redis-client";
import type { RedisLog } from "../../../platform/redis/redis-connection";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * What travels on the channel. Anything can SPUBLISH to a Redis channel (an older hub, a
 * script, a typo), so every message is validated before a listener sees it.
 */
const InquiryEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("inquiry.created"),
    inquiry: InquirySchema,
    traceContext: TraceCarrierSchema.optional(),
  }),
  z.object({ type: z.literal("inquiry.resolved"), inquiry: InquirySchema }),
  z.object({ type: z.literal("inquiry.extended"), inquiry: InquirySchema, byDeviceId: z.string() }),
  z.object({ type: z.literal("inquiry.agent-waiting"), inquiry: InquirySchema }),
]) satisfies z.ZodType<InquiryEvent>;

function parseEvent(message: string): { event: InquiryEvent } | { problem: string } {
  let json: unknown;
  try {
    json = JSON.parse(message);
  } catch {
    return { problem: "not JSON" };
  }
  const parsed = InquiryEventSchema.safeParse(json);
  if (!parsed.success) return { problem: z.prettifyError(parsed.error) };
  return { event: parsed.data };
}

/**
 * How many channels the events are spread over. On Redis Cluster each sharded channel lives on
 * the master of its slot, so one channel would put every event of every user on one shard;
 * sixteen spread them over the masters while staying few enough for every node to subscribe
 * to all of them. Changing it is safe only with every node stopped (nodes would publish and
 * listen on different sets).
 */
export const EVENT_CHANNEL_COUNT = 16;

/** The sharded channels under `base` (`<base>:0` … `<base>:15`), every node subscribes to all. */
export function eventChannels(base: string): string[] {
  return Array.from({ length: EVENT_CHANNEL_COUNT }, (_unused, index) => `${base}:${index}`);
}

/**
 * The channel of a user's events: a stable hash (32-bit FNV-1a) of the user id. One user's
 * events always take the same channel, so they arrive in the order they were published; events
 * of different users may interleave differently on different channels, which nothing needs.
 */
export function channelIndexOf(userId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < userId.length; index += 1) {
    hash ^= userId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % EVENT_CHANNEL_COUNT;
}

/** The Redis bus also says when its subscription is live, so start-up and readiness can wait for it. */
export interface RedisInquiryEventBus extends InquiryEventBus {
  /** Settles once every SSUBSCRIBE is acknowledged; rejects only if the connection is closed first. */
  readonly subscribed: Promise<void>;
  /**
   * True while every channel is subscribed: false before start-up finishes and from a lost
   * connection (or a lost shard, on a cluster) until the re-subscription is acknowledged.
   */
  isLive(): boolean;
}

/**
 * The cross-node event bus over Redis sharded pub/sub (SPUBLISH/SSUBSCRIBE, Redis 7 or later),
 * on every topology: one Redis, Sentinel, Cluster. Events are spread over EVENT_CHANNEL_COUNT
 * channels by user (see channelIndexOf). A node hears its own publishes through Redis too, so
 * every node sees one user's events in the same order and there is exactly one delivery path.
 * After an interruption (a reconnect; on a cluster, a shard's subscriber lost, e.g. its master
 * failed over) it re-subscribes and then tells `onResume` listeners, since messages published
 * meanwhile are lost (pub/sub keeps nothing). Malformed messages are dropped with a log line;
 * a throwing listener is reported and does not stop the others.
 *
 * @param deps.publisher the command connection (publishes reject with UNAVAILABLE when
 *   Redis is unreachable); deps.subscriber a dedicated connection, which subscribe mode
 *   requires (on a cluster, opened with sharded subscribers). The caller owns and closes both.
 */
export function createRedisInquiryEventBus(deps: {
  publisher: RedisClient;
  subscriber: RedisClient;
  channel: string;
  log: RedisLog;
}): RedisInquiryEventBus {
  const { publisher, subscriber, log } = deps;
  const channels = eventChannels(deps.channel);
  const known = new Set(channels);
  const listeners = new Set<(event: InquiryEvent) => void>();

  subscriber.on("smessage", (from: string, message: string) => {
    if (!known.has(from)) return;
    const parsed = parseEvent(message);
    if ("problem" in parsed) {
      log("dropped a malformed inquiry event", parsed.problem);
      return;
    }
    for (const listener of [...listeners]) {
      try {
        listener(parsed.event);
      } catch (error) {
        log("inquiry event listener failed", error);
      }
    }
  });

  // One channel per SSUBSCRIBE: on a cluster the channels live on different slots.
  const subscribeAll = (): Promise<void> =>
    Promise.all(channels.map((channel) => subscriber.ssubscribe(channel))).then(() => undefined);
  let live = false;
  const subscribed = subscribeAll().then(() => {
    live = true;
  });
  subscribed.catch((error: unknown) => log("inquiry event subscription failed", error));

  const resumeListeners = new Set<() => void>();
  let interrupted = false;
  const markInterrupted = (): void => {
    interrupted = true;
    live = false;
  };
  // ioredis re-subscribes on its own, but says "ready" (a cluster: "subscribersReady") before
  // that SSUBSCRIBE is answered. Subscribing again (idempotent) and waiting for the replies
  // means that when the resume listeners re-read the store, every later publish is already
  // guaranteed to arrive. A re-subscription failing (the shard's replica not promoted yet)
  // leaves the bus interrupted until the next "ready".
  const resume = (): void => {
    if (!interrupted) return;
    interrupted = false;
    subscribeAll().then(
      () => {
        if (interrupted) return;
        live = true;
        for (const listener of [...resumeListeners]) listener();
      },
      (error: unknown) => {
        markInterrupted();
        log("inquiry event re-subscription failed", error);
      },
    );
  };
  subscriber.on("close", markInterrupted);
  // A cluster's sharded subscriber lost its node ("-node"), then re-formed ("subscribersReady").
  subscriber.on("-node", markInterrupted);
  subscriber.on("ready", resume);
  subscriber.on("subscribersReady", resume);

  return {
    subscribed,
    isLive: () => live,
    async publish(event) {
      const channel = `${deps.channel}:${channelIndexOf(event.inquiry.userId)}`;
      await callRedis("publish inquiry event", () =>
        publisher.spublish(channel, JSON.stringify(event)),
      );
    },
    subscribe(listener) {
      const entry = (event: InquiryEvent): void => listener(event);
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    onResume(listener) {
      resumeListeners.add(listener);
      return () => {
        resumeListeners.delete(listener);
      };
    },
  };
}
