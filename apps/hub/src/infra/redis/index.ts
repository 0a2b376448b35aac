import type { Redis } from "ioredis";
import { z } from "zod";
import { createKeyLayout } from "./keys";
import { createRedisConnection, settleWithin, untilReady } from "./redis-connection";
import type { RedisLog } from "./redis-connection";
import { createRedisInquiryEventBus } from "./redis-event-bus";
import type { RedisInquiryEventBus } from "./redis-event-bus";
import { createRedisInquiryStore } from "./redis-inquiry-store";
import type { RedisInquiryStore } from "./redis-inquiry-store";

export type { AuditEntry, AuditPage } from "./audit-trail";
export type { RedisLog } from "./redis-connection";
export type { RedisInquiryEventBus } from "./redis-event-bus";
export type { RedisInquiryStore } from "./redis-inquiry-store";

const OptionsSchema = z.object({
  url: z.string().regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL"),
  keyPrefix: z.string().min(1).default("ih:"),
  historyTtlSeconds: z
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60 * 60),
});

/** Options of `createRedisInfra`; only `url` is required. */
export interface RedisInfraOptions {
  /** e.g. `redis://127.0.0.1:6379/0` (REDIS_URL). */
  url: string;
  /** Prepended to every key and the event channel (default `ih:`). */
  keyPrefix?: string;
  /** How long resolved inquiries and their audit entries stay as history (default 7 days). */
  historyTtlSeconds?: number;
  /** Where connection trouble and dropped events are reported (default console.warn). */
  log?: RedisLog;
}

/** The multi-node infrastructure: pass `inquiryStore` and `eventBus` to createHub's deps. */
export interface RedisInfra {
  inquiryStore: RedisInquiryStore;
  eventBus: RedisInquiryEventBus;
  /**
   * Resolves once both connections are ready and the event subscription is live; await it
   * before serving. Rejects with HubError UNAVAILABLE after `timeoutMs` (default 10 s).
   */
  ready(timeoutMs?: number): Promise<void>;
  /** Closes both connections; safe to call twice. */
  close(): Promise<void>;
}

async function closeConnection(redis: Redis): Promise<void> {
  if (redis.status === "ready") {
    try {
      await redis.quit();
      return;
    } catch {
      // Lost in the meantime: fall through and drop the socket.
    }
  }
  redis.disconnect();
}

/**
 * Opens the two connections a hub node needs (commands + publishes, and a dedicated
 * subscriber) and builds the Redis store and event bus on them. Connecting starts at once;
 * until `ready()` settles, store calls may reject with UNAVAILABLE.
 *
 * @example
 * const redis = createRedisInfra({ url: "redis://127.0.0.1:6379" });
 * await redis.ready();
 * const hub = createHub(config, { inquiryStore: redis.inquiryStore, eventBus: redis.eventBus });
 */
export function createRedisInfra(options: RedisInfraOptions): RedisInfra {
  const { url, keyPrefix, historyTtlSeconds } = OptionsSchema.parse(options);
  const log = options.log ?? ((message, detail) => console.warn(message, detail ?? ""));
  const keys = createKeyLayout(keyPrefix);
  const commands = createRedisConnection(url, "commands", log);
  const subscriber = createRedisConnection(url, "subscriber", log);
  const eventBus = createRedisInquiryEventBus({
    publisher: commands,
    subscriber,
    channel: keys.eventsChannel,
    log,
  });
  let closing: Promise<void> | undefined;

  return {
    inquiryStore: createRedisInquiryStore(commands, { keys, historyTtlSeconds }),
    eventBus,
    ready(timeoutMs = 10_000) {
      return settleWithin(
        Promise.all([untilReady(commands), untilReady(subscriber), eventBus.subscribed]),
        timeoutMs,
      );
    },
    close() {
      closing ??= Promise.all([closeConnection(commands), closeConnection(subscriber)]).then(
        () => undefined,
      );
      return closing;
    },
  };
}
