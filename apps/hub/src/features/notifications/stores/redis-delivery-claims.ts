import type { ClientContext, Result } from "ioredis";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { DELIVERY_CLAIM_TTL_MS } from "../ports";
import type { DeliveryClaims } from "../ports";
import type { ChannelKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

/*
 * One string per claim, its first character the state: `W<due ms>` a step the plan delays,
 * waiting for its time with nobody claiming it yet, `A` announcing, `N<data>` announced
 * with follow-up data, `R<resolution>` resolved while announcing, `D` done (a tombstone
 * until the key expires, so a node hearing `inquiry.created` late cannot claim it again).
 */

/** KEYS: claim. ARGV: TTL ms. 1 for the one caller who takes a new or waiting claim. */
const CLAIM_ANNOUNCEMENT = `
local state = redis.call('GET', KEYS[1])
if state == false then
  redis.call('SET', KEYS[1], 'A', 'PX', ARGV[1])
  return 1
end
if string.sub(state, 1, 1) == 'W' then
  redis.call('SET', KEYS[1], 'A', 'KEEPTTL')
  return 1
end
return 0
`;

/** KEYS: claim. ARGV: due ms, TTL ms. Returns {1 if this call armed it, the due ms}, or nil. */
const ARM_ANNOUNCEMENT = `
local state = redis.call('GET', KEYS[1])
if state == false then
  redis.call('SET', KEYS[1], 'W' .. ARGV[1], 'PX', ARGV[2])
  return {1, ARGV[1]}
end
if string.sub(state, 1, 1) == 'W' then return {0, string.sub(state, 2)} end
return false
`;

/** KEYS: claim. ARGV: has follow-up ("1"/"0"), follow-up. Returns a parked resolution. */
const RECORD_ANNOUNCEMENT = `
local state = redis.call('GET', KEYS[1])
if state == false then return false end
local kind = string.sub(state, 1, 1)
if kind == 'A' and ARGV[1] == '1' then
  redis.call('SET', KEYS[1], 'N' .. ARGV[2], 'KEEPTTL')
  return false
end
if kind == 'A' or kind == 'R' then redis.call('SET', KEYS[1], 'D', 'KEEPTTL') end
if kind == 'R' then return string.sub(state, 2) end
return false
`;

/** KEYS: claim. ARGV: resolution, TTL ms. Returns the follow-up data to exactly one caller. */
const CLAIM_FOLLOW_UP = `
local state = redis.call('GET', KEYS[1])
if state == false then
  redis.call('SET', KEYS[1], 'D', 'PX', ARGV[2])
  return false
end
local kind = string.sub(state, 1, 1)
if kind == 'A' then
  redis.call('SET', KEYS[1], 'R' .. ARGV[1], 'KEEPTTL')
  return false
end
if kind == 'W' then
  redis.call('SET', KEYS[1], 'D', 'KEEPTTL')
  return false
end
if kind == 'N' then
  redis.call('SET', KEYS[1], 'D', 'KEEPTTL')
  return string.sub(state, 2)
end
return false
`;

declare module "ioredis" {
  interface RedisCommander<Context extends ClientContext = { type: "default" }> {
    inquiryHubClaimAnnouncement(claimKey: string, ttlMs: number): Result<number, Context>;
    inquiryHubArmAnnouncement(
      claimKey: string,
      dueAtMs: number,
      ttlMs: number,
    ): Result<[number, string] | null, Context>;
    inquiryHubRecordAnnouncement(
      claimKey: string,
      hasFollowUp: string,
      followUp: string,
    ): Result<string | null, Context>;
    inquiryHubClaimFollowUp(
      claimKey: string,
      resolution: string,
      ttlMs: number,
    ): Result<string | null, Context>;
  }
}

/**
 * Delivery claims shared by every node: each step is a Lua script (of the nodes that claim
 * an announcement, exactly one gets 1), so each state change is atomic however
 * the nodes' events interleave. Keys expire on their own after DELIVERY_CLAIM_TTL_MS.
 */
export function createRedisDeliveryClaims(
  redis: RedisClient,
  keys: ChannelKeyLayout,
): DeliveryClaims {
  redis.defineCommand("inquiryHubClaimAnnouncement", { numberOfKeys: 1, lua: CLAIM_ANNOUNCEMENT });
  redis.defineCommand("inquiryHubArmAnnouncement", { numberOfKeys: 1, lua: ARM_ANNOUNCEMENT });
  redis.defineCommand("inquiryHubRecordAnnouncement", {
    numberOfKeys: 1,
    lua: RECORD_ANNOUNCEMENT,
  });
  redis.defineCommand("inquiryHubClaimFollowUp", { numberOfKeys: 1, lua: CLAIM_FOLLOW_UP });

  return {
    async claimAnnouncement(channel, inquiryId) {
      const reply = await callRedis("claim an announcement", () =>
        redis.inquiryHubClaimAnnouncement(keys.claim(channel, inquiryId), DELIVERY_CLAIM_TTL_MS),
      );
      return reply === 1;
    },

    async armAnnouncement(channel, inquiryId, dueAtMs) {
      const reply = await callRedis("arm an announcement", () =>
        redis.inquiryHubArmAnnouncement(
          keys.claim(channel, inquiryId),
          dueAtMs,
          DELIVERY_CLAIM_TTL_MS,
        ),
      );
      return reply === null ? undefined : { dueAtMs: Number(reply[1]), first: reply[0] === 1 };
    },

    async armedAnnouncement(channel, inquiryId) {
      const state = await callRedis("read an armed announcement", () =>
        redis.get(keys.claim(channel, inquiryId)),
      );
      return state?.startsWith("W") === true ? Number(state.slice(1)) : undefined;
    },

    async recordAnnouncement(channel, inquiryId, followUp) {
      const parked = await callRedis("record an announcement", () =>
        redis.inquiryHubRecordAnnouncement(
          keys.claim(channel, inquiryId),
          followUp === undefined ? "0" : "1",
          followUp ?? "",
        ),
      );
      return parked ?? undefined;
    },

    async claimFollowUp(channel, inquiryId, resolution) {
      const followUp = await callRedis("claim a follow-up", () =>
        redis.inquiryHubClaimFollowUp(
          keys.claim(channel, inquiryId),
          resolution,
          DELIVERY_CLAIM_TTL_MS,
        ),
      );
      return followUp ?? undefined;
    },
  };
}
