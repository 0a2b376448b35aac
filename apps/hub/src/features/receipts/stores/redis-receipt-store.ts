import { DeliveryReceiptSchema, MAX_RECEIPTS_PER_INQUIRY, receiptKey } from "@inquiry-hub/protocol";
import type { DeliveryReceipt } from "@inquiry-hub/protocol";
import type { ClientContext, Result } from "ioredis";
import { z } from "zod";
import type { ReceiptStore } from "../ports";
import type { RedisClient } from "../../../platform/redis/redis-client";
import type { ChannelKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * KEYS: the inquiry's receipts hash. ARGV: receipt key, receipt JSON, bound, TTL seconds.
 * Keeps the receipt unless its key is there or the hash is full; the value starts with its
 * position (fields are never removed, so HLEN + 1 is the next one), because a hash does not
 * keep insertion order once it grows. Only the first receipt sets the TTL, so the receipts
 * expire with the history of the inquiry rather than after the last device saw it.
 * Returns 1 when kept, 0 when not.
 */
const RECORD = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 1 then return 0 end
local count = redis.call('HLEN', KEYS[1])
if count >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], (count + 1) .. ' ' .. ARGV[2])
if count == 0 then redis.call('EXPIRE', KEYS[1], ARGV[4]) end
return 1
`;

declare module "ioredis" {
  interface RedisCommander<Context extends ClientContext = { type: "default" }> {
    inquiryHubRecordReceipt(
      receiptsKey: string,
      key: string,
      receipt: string,
      bound: number,
      ttlSeconds: number,
    ): Result<number, Context>;
  }
}

/** A stored value: `<position> <receipt JSON>`. */
const StoredSchema = z
  .string()
  .regex(/^\d+ /)
  .transform((stored) => {
    const space = stored.indexOf(" ");
    return {
      position: Number(stored.slice(0, space)),
      receipt: DeliveryReceiptSchema.parse(JSON.parse(stored.slice(space + 1))),
    };
  });

function oldestFirst(stored: string[]): DeliveryReceipt[] {
  return stored
    .map((each) => StoredSchema.parse(each))
    .sort((a, b) => a.position - b.position)
    .map(({ receipt }) => receipt);
}

/**
 * Receipts shared by every node: one hash per inquiry (see `ChannelKeyLayout.receipts`),
 * written by one script so the duplicate check, the bound and the TTL are a single atomic
 * step however many nodes report the same receipt.
 */
export function createRedisReceiptStore(
  redis: RedisClient,
  keys: ChannelKeyLayout,
  ttlSeconds: number,
): ReceiptStore {
  redis.defineCommand("inquiryHubRecordReceipt", { numberOfKeys: 1, lua: RECORD });

  return {
    async record(inquiryId, receipt) {
      const kept = await callRedis("record a receipt", () =>
        redis.inquiryHubRecordReceipt(
          keys.receipts(inquiryId),
          receiptKey(receipt),
          JSON.stringify(receipt),
          MAX_RECEIPTS_PER_INQUIRY,
          ttlSeconds,
        ),
      );
      return kept === 1;
    },

    async list(inquiryIds) {
      // One read per inquiry, not one pipeline: on Redis Cluster they live in many slots.
      const stored = await callRedis("read receipts", () =>
        Promise.all(
          inquiryIds.map(async (id) => [id, await redis.hvals(keys.receipts(id))] as const),
        ),
      );
      // Decoded outside callRedis, which would report a malformed value as Redis unavailable.
      return new Map(stored.map(([id, values]) => [id, oldestFirst(values)]));
    },
  };
}
