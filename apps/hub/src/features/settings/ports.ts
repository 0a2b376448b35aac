import type { UserSettings } from "@inquiry-hub/protocol";

/**
 * Port: where each user's settings live. Memory by default (one node); a shared store makes
 * a setting changed through one node hold on every node.
 */
export interface SettingsStore {
  get(userId: string): Promise<UserSettings | undefined>;
  put(userId: string, settings: UserSettings): Promise<void>;
}
