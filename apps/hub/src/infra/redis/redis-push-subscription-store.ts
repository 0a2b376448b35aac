import { createHash } from "node:crypto";
import type { ClientContext, Redis, Result } from "ioredis";
import { z } from "zod";
import type { PushSubscriptionStore, StoredPushSubscription } from "../../core/notifications/ports";
import type { ChannelKeyLayout } from "./keys";
import { callRedis } from "./redis-errors";

const StoredSubscriptionSchema = z.object({
  endpoint: z.string(),
  p256dh: z.string(),
  auth: z.string(),
  deviceId: z.string(),
  userId: z.string(),
  createdAt: z.string(),
});

/**
 * KEYS: subscription hash, new owner's set. ARGV: endpoint hash, set-key prefix, user id,
 * fields…. Returns 0 and changes nothing when another user holds the endpoint; otherwise
 * moves the endpoint out of its former device's set, writes it under the new one, returns 1.
 */
const PUT_SUBSCRIPTION = `
local holder = redis.call('HGET', KEYS[1], 'userId')
if holder and holder ~= ARGV[3] then return 0 end
local former = redis.call('HGET', KEYS[1], 'deviceId')
if former then redis.call('SREM', ARGV[2] .. former, ARGV[1]) end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, 4))
redis.call('SADD', KEYS[2], ARGV[1])
return 1
`;

/**
 * KEYS: subscription hash. ARGV: endpoint hash, set-key prefix, required owner ("" = any).
 * Deletes the subscription and its set entry when the owner matches; 1 when it did.
 */
const REMOVE_SUBSCRIPTION = `
local owner = redis.call('HGET', KEYS[1], 'deviceId')
if not owner or (ARGV[3] ~= '' and owner ~= ARGV[3]) then return 0 end
redis.call('DEL', KEYS[1])
redis.call('SREM', ARGV[2] .. owner, ARGV[1])
return 1
`;

declare module "ioredis" {
  interface RedisCommander<Context extends ClientContext = { type: "default" }> {
    inquiryHubPutPushSubscription(
      subscriptionKey: string,
      ownerSetKey: string,
      ...args: string[]
    ): Result<number, Context>;
    inquiryHubRemovePushSubscription(
      subscriptionKey: string,
      endpointHash: string,
      setKeyPrefix: string,
      owner: string,
    ): Result<number, Context>;
  }
}

/** Endpoints are long URLs; their hash keeps keys short and free of odd characters. */
const endpointHash = (endpoint: string) =>
  createHash("sha256").update(endpoint).digest("base64url");

/**
 * Push subscriptions shared by every node, so the node that sends a push sees subscriptions
 * registered through any node: one hash per endpoint plus a set per device. Changes that
 * touch both are Lua scripts, so a browser re-subscribing as another device never leaves
 * the endpoint listed under two devices, and the owner check cannot race the write.
 */
export function createRedisPushSubscriptionStore(
  redis: Redis,
  keys: ChannelKeyLayout,
): PushSubscriptionStore {
  redis.defineCommand("inquiryHubPutPushSubscription", { numberOfKeys: 2, lua: PUT_SUBSCRIPTION });
  redis.defineCommand("inquiryHubRemovePushSubscription", {
    numberOfKeys: 1,
    lua: REMOVE_SUBSCRIPTION,
  });
  const setPrefix = keys.devicePushSubscriptions("");

  async function remove(endpoint: string, owner: string): Promise<boolean> {
    const hash = endpointHash(endpoint);
    const removed = await callRedis("remove a push subscription", () =>
      redis.inquiryHubRemovePushSubscription(keys.pushSubscription(hash), hash, setPrefix, owner),
    );
    return removed === 1;
  }

  return {
    async put(subscription) {
      const hash = endpointHash(subscription.endpoint);
      const { keys: browserKeys, ...rest } = subscription;
      const fields = Object.entries({ ...rest, ...browserKeys }).flat();
      const saved = await callRedis("save a push subscription", () =>
        redis.inquiryHubPutPushSubscription(
          keys.pushSubscription(hash),
          keys.devicePushSubscriptions(subscription.deviceId),
          hash,
          setPrefix,
          subscription.userId,
          ...fields,
        ),
      );
      return saved === 1 ? "saved" : "taken";
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
