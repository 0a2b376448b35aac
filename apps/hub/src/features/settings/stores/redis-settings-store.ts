import type { RedisClient } from "../../../platform/redis/redis-client";
import { UserSettingsSchema } from "@inquiry-hub/protocol";
import type { SettingsStore } from "../ports";
import type { AccountKeyLayout } from "../../../platform/redis/keys";
import { callRedis } from "../../../platform/redis/redis-errors";

/**
 * Users' settings shared by every hub node, so YOLO switched on through node A holds for
 * calls held by node B. One JSON string per user, no expiry (a YOLO period's `until` is in
 * the value and judged on read). A stored value that fails the schema is treated as unset.
 */
export function createRedisSettingsStore(
  redis: RedisClient,
  keys: AccountKeyLayout,
): SettingsStore {
  return {
    async get(userId) {
      const json = await callRedis("read settings", () => redis.get(keys.settings(userId)));
      if (json === null) return undefined;
      const parsed = UserSettingsSchema.safeParse(JSON.parse(json));
      return parsed.success ? parsed.data : undefined;
    },
    async put(userId, settings) {
      await callRedis("save settings", () =>
        redis.set(keys.settings(userId), JSON.stringify(settings)),
      );
    },
    async markDigest(userId, daily) {
      await callRedis("index the digest", () =>
        daily ? redis.sadd(keys.digestUsers, userId) : redis.srem(keys.digestUsers, userId),
      );
    },
    digestUsers() {
      return callRedis("list the digest's users", () => redis.smembers(keys.digestUsers));
    },
  };
}
