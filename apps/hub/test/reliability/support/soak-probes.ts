import { setTimeout as sleep } from "node:timers/promises";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { Redis } from "ioredis";
import type { InquiryEventBus } from "../../../src/features/inquiries/ports";

/** An event bus that counts its live subscriptions, so a soak can see listeners leak. */
export interface CountedBus {
  bus: InquiryEventBus;
  /** Subscriptions (event + resume listeners) not yet unsubscribed. */
  live(): number;
}

/** Wraps `inner`: every subscribe/onResume counts up until its unsubscribe runs (once). */
export function countingBus(inner: InquiryEventBus): CountedBus {
  let live = 0;
  const counted = (unsubscribe: () => void): (() => void) => {
    live += 1;
    let done = false;
    return () => {
      if (!done) live -= 1;
      done = true;
      unsubscribe();
    };
  };
  const onResume = inner.onResume?.bind(inner);
  return {
    bus: {
      publish: (event) => inner.publish(event),
      subscribe: (listener) => counted(inner.subscribe(listener)),
      ...(onResume === undefined
        ? {}
        : { onResume: (listener: () => void) => counted(onResume(listener)) }),
    },
    live: () => live,
  };
}

/** This process's active handles and requests by type (timers, sockets, …). */
export function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const type of process.getActiveResourcesInfo()) counts[type] = (counts[type] ?? 0) + 1;
  return counts;
}

/** The resource types that grew from `baseline` to `now`, with the growth. */
function grownResources(
  baseline: Record<string, number>,
  now: Record<string, number>,
): Record<string, number> {
  return Object.fromEntries(
    Object.entries(now)
      .map(([type, count]) => [type, count - (baseline[type] ?? 0)] as const)
      .filter(([, growth]) => growth > 0),
  );
}

/**
 * The resource growth over `baseline` once it has settled (empty), or what is left of it
 * after `timeoutMs`. Polls with its own sleep rather than vi.waitFor, whose timers would be
 * counted as growth.
 */
export async function settledGrowth(
  baseline: Record<string, number>,
  timeoutMs: number,
): Promise<Record<string, number>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const growth = grownResources(baseline, activeResources());
    if (Object.keys(growth).length === 0 || Date.now() >= deadline) return growth;
    await sleep(250);
  }
}

/**
 * RSS in MiB after a full garbage collection, so the figure measures what is retained, not
 * what the collector has not reached yet. `gc` is exposed at run time (no node flag needed).
 */
export function settledRssMiB(): number {
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  gc();
  gc();
  return process.memoryUsage().rss / 2 ** 20;
}

/** Keys a run wrote that share one pattern (ids as `*`), with the range of their TTLs. */
export interface KeyGroup {
  count: number;
  /** Keys without a TTL: they would never leave, a leak. */
  immortal: number;
  minTtlMs: number;
  maxTtlMs: number;
}

/** The keys not in `baseline`, grouped by pattern, so what has not expired can be named. */
export async function keysSince(
  redis: Redis,
  baseline: ReadonlySet<string>,
): Promise<Record<string, KeyGroup>> {
  const added = (await redis.keys("*")).filter((key) => !baseline.has(key));
  const ttls = await Promise.all(added.map((key) => redis.pttl(key)));
  const groups: Record<string, KeyGroup> = {};
  added.forEach((key, index) => {
    const ttl = ttls[index] ?? -2;
    if (ttl === -2) return; // expired meanwhile
    const pattern = key.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, "*");
    const group = (groups[pattern] ??= {
      count: 0,
      immortal: 0,
      minTtlMs: Infinity,
      maxTtlMs: 0,
    });
    group.count += 1;
    if (ttl === -1) group.immortal += 1;
    else {
      group.minTtlMs = Math.min(group.minTtlMs, ttl);
      group.maxTtlMs = Math.max(group.maxTtlMs, ttl);
    }
  });
  return groups;
}
