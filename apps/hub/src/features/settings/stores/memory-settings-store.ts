import type { UserSettings } from "@inquiry-hub/protocol";
import type { SettingsStore } from "../ports";

/** A fresh in-memory settings store. */
export function createMemorySettingsStore(): SettingsStore {
  const byUser = new Map<string, UserSettings>();
  const digest = new Set<string>();
  return {
    get: (userId) => Promise.resolve(byUser.get(userId)),
    put(userId, settings) {
      byUser.set(userId, settings);
      return Promise.resolve();
    },
    markDigest(userId, daily) {
      if (daily) digest.add(userId);
      else digest.delete(userId);
      return Promise.resolve();
    },
    digestUsers: () => Promise.resolve([...digest]),
  };
}
