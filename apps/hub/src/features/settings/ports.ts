import type { UserSettings } from "@inquiry-hub/protocol";

/**
 * Port: where each user's settings live. Memory by default (one node); a shared store makes
 * a setting changed through one node hold on every node.
 */
export interface SettingsStore {
  get(userId: string): Promise<UserSettings | undefined>;
  put(userId: string, settings: UserSettings): Promise<void>;
  /**
   * Notes whether the user has the daily digest on: the index the digest's scheduler reads
   * each tick instead of every user's settings. Kept by the settings service on each save.
   */
  markDigest(userId: string, daily: boolean): Promise<void>;
  /** The ids of the users marked with the daily digest on. */
  digestUsers(): Promise<string[]>;
}
