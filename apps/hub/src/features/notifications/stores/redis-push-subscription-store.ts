import { createHash } from "node:crypto";
import type { ClientContext, Result } from "ioredis";
import type { RedisClient } from "../../../platform/redis/redis-client";
import { z } from "zod";
import type { PushSubscriptionStore, StoredPushSubscription } from "../ports";
import type { ChannelKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

const StoredSubscriptionSchema = z.object({
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  deviceId: z.string(),
  userId: z.string(),
  createdAt: z.string(),
});

/**
 * KEYS: subscription hash. ARGV: user id, fields…. Returns {0} and changes nothing when another
 * user holds the endpoint; otherwise overwrites the subscription and returns {1, former
 * device id or ''}.
 */
const PUT_SUBSCRIPTION = `
local holder = redis.call('HGET', KEYS[1], 'userId')
if holder and holder ~= ARGV[1] then return {0} end
local former = redis.call('HGET', KEYS[1], 'deviceId') or ''
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 2))
return {1, former}
`;

/**
 * KEYS: subscription hash. ARGV: required owner device ("" = any). Deletes the subscription
 * when the owner matches; returns the owner it had, or '' when nothing was deleted.
 */
const REMOVE_SUBSCRIPTION = `
local owner = redis.call('HGET', KEYS[1], 'deviceId')
if not owner or (ARGV[1] ~= '' and owner ~= ARGV[1]) then return '' end
redis.call('DEL', KEYS[1])
return owner
`;

const PutReplySchema = z.union([z.tuple([z.literal(0)]), z.tuple([z.literal(1), z.string()])]);

declare module "ioredis" {
  interface RedisCommander<Context extends ClientContext = { type: "default" }> {
    inquiryHubPutPushSubscription(
      subscriptionKey: string,
      userId: string,
      ...fields: string[]
    ): Result<unknown, Context>;
    inquiryHubRemovePushSubscription(
      subscriptionKey: string,
      owner: string,
    ): Result<string, Context>;
  }
}

/** Endpoints are long URLs; their hash keeps keys short and free of odd characters. */
const endpointHash = (endpoint: string) =>
  createHash("sha256").update(endpoint).digest("base64url");

/**
 * Push subscriptions shared by every node, so the node that sends a push sees subscriptions
 * registered through any node: one hash per endpoint (the truth: owner check and write are
 * one script) plus a set per device. The two live in different Redis Cluster slots, so the
 * device sets are supersets: an endpoint is added to its device's set before the hash names
 * that device and removed after, and readers keep only endpoints whose hash names the device
 * asked for, so a browser re-subscribing as another device is never listed under two.
 */
export function createRedisPushSubscriptionStore(
  redis: RedisClient,
  keys: ChannelKeyLayout,
): PushSubscriptionStore {
  redis.defineCommand("inquiryHubPutPushSubscription", { numberOfKeys: 1, lua: PUT_SUBSCRIPTION });
  redis.defineCommand("inquiryHubRemovePushSubscription", {
    numberOfKeys: 1,
    lua: REMOVE_SUBSCRIPTION,
  });

  async function remove(endpoint: string, owner: string): Promise<boolean> {
    const hash = endpointHash(endpoint);
    const removedFrom = await callRedis("remove a push subscription", () =>
      redis.inquiryHubRemovePushSubscription(keys.pushSubscription(hash), owner),
    );
    if (removedFrom === "") return false;
    await redis.srem(keys.devicePushSubscriptions(removedFrom), hash).catch(() => undefined);
    return true;
  }

  return {
    async put(subscription) {
      const hash = endpointHash(subscription.endpoint);
      const { keys: browserKeys, ...rest } = subscription;
      const fields = Object.entries({ ...rest, ...browserKeys }).flat();
      const deviceSet = keys.devicePushSubscriptions(subscription.deviceId);
      const added = await callRedis("save a push subscription", () => redis.sadd(deviceSet, hash));
      const reply = PutReplySchema.parse(
        await callRedis("save a push subscription", () =>
          redis.inquiryHubPutPushSubscription(
            keys.pushSubscription(hash),
            subscription.userId,
            ...fields,
          ),
        ),
      );
      if (reply[0] === 0) {
        if (added === 1) await redis.srem(deviceSet, hash).catch(() => undefined);
        return "taken";
      }
      const [, former] = reply;
      if (former !== "" && former !== subscription.deviceId)
        await redis.srem(keys.devicePushSubscriptions(former), hash).catch(() => undefined);
      return "saved";
    },

    remove: (deviceId, endpoint) => remove(endpoint, deviceId),

    async removeEndpoint(endpoint) {
      await remove(endpoint, "");
    },

    async listByDevices(deviceIds) {
      const hashes = await callRedis("list push subscriptions", async () =>
        (
          await Promise.all(deviceIds.map((id) => redis.smembers(keys.devicePushSubscriptions(id))))
        ).flat(),
      );
      const records = await callRedis("read push subscriptions", () =>
        Promise.all(hashes.map((hash) => redis.hgetall(keys.pushSubscription(hash)))),
      );
      const wanted = new Set(deviceIds);
      return records.flatMap((record): StoredPushSubscription[] => {
        const parsed = StoredSubscriptionSchema.safeParse(record);
        if (!parsed.success || !wanted.has(parsed.data.deviceId)) return [];
        const { p256dh, auth, ...rest } = parsed.data;
        return [{ ...rest, keys: { p256dh, auth } }];
      });
    },
  };
}
