import { InquirySchema } from "@inquiry-hub/protocol";
import type { Redis } from "ioredis";
import { z } from "zod";
import type { InquiryEvent, InquiryEventBus } from "../../core/inquiries/ports";
import type { RedisLog } from "./redis-connection";
import { callRedis } from "./redis-errors";

/**
 * What travels on the channel. Anything can PUBLISH to a Redis channel (an older hub, a
 * script, a typo), so every message is validated before a listener sees it.
 */
const InquiryEventSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("inquiry.created"), inquiry: InquirySchema }),
  z.object({ type: z.literal("inquiry.resolved"), inquiry: InquirySchema }),
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

/** The Redis bus also says when its subscription is live, so start-up can wait for it. */
export interface RedisInquiryEventBus extends InquiryEventBus {
  /** Settles once SUBSCRIBE is acknowledged; rejects only if the connection is closed first. */
  readonly subscribed: Promise<void>;
}

/**
 * The cross-node event bus over Redis pub/sub, one channel for all events. A node hears its
 * own publishes through Redis too, so every node sees the same events in the same order
 * and there is exactly one delivery path. After a reconnect it tells `onResume` listeners,
 * since messages published while it was away are lost (pub/sub keeps nothing). Malformed
 * messages are dropped with a log line;
 * a throwing listener is reported and does not stop the others.
 *
 * @param deps.publisher the command connection (publishes reject with UNAVAILABLE when
 *   Redis is unreachable); deps.subscriber a dedicated connection, which subscribe mode
 *   requires. The caller owns and closes both.
 */
export function createRedisInquiryEventBus(deps: {
  publisher: Redis;
  subscriber: Redis;
  channel: string;
  log: RedisLog;
}): RedisInquiryEventBus {
  const { publisher, subscriber, channel, log } = deps;
  const listeners = new Set<(event: InquiryEvent) => void>();

  subscriber.on("message", (from: string, message: string) => {
    if (from !== channel) return;
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
  const subscribed = subscriber.subscribe(channel).then(() => undefined);
  subscribed.catch((error: unknown) => log("inquiry event subscription failed", error));

  const resumeListeners = new Set<() => void>();
  let interrupted = false;
  subscriber.on("close", () => {
    interrupted = true;
  });
  subscriber.on("ready", () => {
    if (!interrupted) return;
    interrupted = false;
    // ioredis re-subscribes on its own, but says "ready" before that SUBSCRIBE is answered.
    // Subscribing again (idempotent) and waiting for the reply means that when the resume
    // listeners re-read the store, every later publish is already guaranteed to arrive.
    subscriber.subscribe(channel).then(
      () => {
        for (const listener of [...resumeListeners]) listener();
      },
      (error: unknown) => log("inquiry event re-subscription failed", error),
    );
  });

  return {
    subscribed,
    async publish(event) {
      await callRedis("publish inquiry event", () =>
        publisher.publish(channel, JSON.stringify(event)),
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
