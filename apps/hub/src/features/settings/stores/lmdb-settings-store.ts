import { UserSettingsSchema } from "@inquiry-hub/protocol";
import type { UserSettings } from "@inquiry-hub/protocol";
import type { SettingsStore } from "../ports";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/** Each user's settings (YOLO, routing, quiet hours, digest) under their id, validated on the way out of the disk. */
export function createLmdbSettingsStore(db: EmbeddedDatabase): SettingsStore {
  const table = db.table<UserSettings>("settings");
  const digest = db.table<true>("settings-digest-users");
  return {
    get(userId) {
      const value: unknown = table.get(userId);
      return Promise.resolve(value === undefined ? undefined : UserSettingsSchema.parse(value));
    },
    async put(userId, settings) {
      await table.put(userId, settings);
    },
    async markDigest(userId, daily) {
      if (daily) await digest.put(userId, true);
      else await digest.remove(userId);
    },
    digestUsers() {
      return Promise.resolve([...digest.getKeys()].map(String));
    },
  };
}
