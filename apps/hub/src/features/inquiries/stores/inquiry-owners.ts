import { callRedis } from "../../../platform/redis/redis-errors";
import type { KeyLayout } from "../../../platform/redis/keys";
import type { RedisClient } from "../../../platform/redis/redis-client";

/** How many id → owner mappings a node remembers; the oldest is forgotten first. */
const OWNER_CACHE_LIMIT = 10_000;

/**
 * The id → userId lookup of inquiries. `get(id)` and `resolve(id)` only know the id, while the
 * record lives under its owner's hash tag (keys.ts), so the owner is written once, before the
 * record, under `<p>inquiry-owner:<id>` (SET NX). It never changes, which makes a bounded
 * in-process cache safe: a cached answer can only be stale by pointing at a record that has
 * since expired, and then the record read says "not found" exactly as it would have.
 */
export interface InquiryOwners {
  /**
   * Records `userId` as the owner of `inquiryId` for `ttlSeconds`. Resolves false when the id
   * already belongs to another user (an id collision the insert must refuse).
   */
  claim(inquiryId: string, userId: string, ttlSeconds: number): Promise<boolean>;
  /** The owner of `inquiryId`, or undefined when the id is unknown (or long expired). */
  ownerOf(inquiryId: string): Promise<string | undefined>;
}

export function createInquiryOwners(redis: RedisClient, keys: KeyLayout): InquiryOwners {
  const cache = new Map<string, string>();
  const remember = (inquiryId: string, userId: string): void => {
    cache.set(inquiryId, userId);
    if (cache.size <= OWNER_CACHE_LIMIT) return;
    const oldest = cache.keys().next();
    if (oldest.done !== true) cache.delete(oldest.value);
  };

  return {
    async claim(inquiryId, userId, ttlSeconds) {
      const key = keys.inquiryOwner(inquiryId);
      const set = await callRedis("record inquiry owner", () =>
        redis.set(key, userId, "EX", ttlSeconds, "NX"),
      );
      const owner =
        set === "OK" ? userId : await callRedis("read inquiry owner", () => redis.get(key));
      if (owner !== userId) return false;
      remember(inquiryId, userId);
      return true;
    },

    async ownerOf(inquiryId) {
      const cached = cache.get(inquiryId);
      if (cached !== undefined) return cached;
      const owner = await callRedis("read inquiry owner", () =>
        redis.get(keys.inquiryOwner(inquiryId)),
      );
      if (owner === null) return undefined;
      remember(inquiryId, owner);
      return owner;
    },
  };
}
