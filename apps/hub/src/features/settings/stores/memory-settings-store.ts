import type { UserSettings } from "@inquiry-hub/protocol";
import type { SettingsStore } from "../ports";

/** A fresh in-memory settings store. */
export function createMemorySettingsStore(): SettingsStore {
  const byUser = new Map<string, UserSettings>();
  return {
    get: (userId) => Promise.resolve(byUser.get(userId)),
    put(userId, settings) {
      byUser.set(userId, settings);
      return Promise.resolve();
    },
  };
}
