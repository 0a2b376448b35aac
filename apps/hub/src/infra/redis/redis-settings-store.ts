import type { RedisClient } from "./redis-client";
import { UserSettingsSchema } from "@inquiry-hub/protocol";
import type { SettingsStore } from "../../core/settings/ports";
import type { AccountKeyLayout } from "./keys";
import { callRedis } from "./redis-errors";

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
  };
}
