import { isYoloActive } from "@inquiry-hub/protocol";
import type { UpdateSettingsBody, UserSettings, YoloSetting } from "@inquiry-hub/protocol";
import type { SettingsStore } from "./ports";

/** Settings as a user has never changed them: YOLO off. */
export const DEFAULT_USER_SETTINGS: UserSettings = { yolo: { enabled: false } };

/** Reads and changes users' settings; tells listeners (the device channel) of each change. */
export interface SettingsService {
  /** The user's settings; a YOLO period that has run out reads as off, the rest kept. */
  get(userId: string): Promise<UserSettings>;
  /**
   * Applies a validated `PUT /api/settings` body (only the parts it names; `null` removes a
   * reach part) and returns the new settings.
   */
  update(userId: string, body: UpdateSettingsBody): Promise<UserSettings>;
  /** Whether YOLO is in force for the user now. */
  isYoloOn(userId: string): Promise<boolean>;
  /** Calls `listener` after every change; returns the unsubscribe. */
  onChanged(listener: (userId: string, settings: UserSettings) => void): () => void;
}

/** The reach parts a body may set or (with `null`) remove; YOLO is handled on its own. */
const REACH_PARTS = ["routing", "quietHours", "digest"] as const;

/** Sets `part` to `value`, removes it on `null`, leaves it on `undefined` (not named). */
function applyPart<K extends (typeof REACH_PARTS)[number]>(
  settings: UserSettings,
  part: K,
  value: UserSettings[K] | null | undefined,
): void {
  if (value === null) delete settings[part];
  else if (value !== undefined) settings[part] = value;
}

/** Turns a body's YOLO request into the stored setting: `forSeconds` becomes an absolute `until`. */
function yoloFrom(request: NonNullable<UpdateSettingsBody["yolo"]>, now: Date): YoloSetting {
  const { enabled, forSeconds, until } = request;
  const expiry =
    forSeconds === undefined ? until : new Date(now.getTime() + forSeconds * 1000).toISOString();
  return enabled && expiry !== undefined ? { enabled, until: expiry } : { enabled };
}

/**
 * Creates the settings service. An expired YOLO is normalised to `{enabled: false}` on read
 * (routing, quiet hours and digest stay), so every device shows the same state without a timer
 * on the hub; `forSeconds` becomes an absolute `until`, so every device counts down to the
 * same moment.
 */
export function createSettingsService(deps: {
  store: SettingsStore;
  now?: () => Date;
}): SettingsService {
  const now = deps.now ?? (() => new Date());
  const listeners = new Set<(userId: string, settings: UserSettings) => void>();

  async function get(userId: string): Promise<UserSettings> {
    const stored = (await deps.store.get(userId)) ?? DEFAULT_USER_SETTINGS;
    return isYoloActive(stored.yolo, now()) ? stored : { ...stored, yolo: { enabled: false } };
  }

  return {
    get,
    async update(userId, body) {
      const settings: UserSettings = { ...(await get(userId)) };
      if (body.yolo !== undefined) settings.yolo = yoloFrom(body.yolo, now());
      for (const part of REACH_PARTS) applyPart(settings, part, body[part]);
      await deps.store.put(userId, settings);
      await deps.store.markDigest(userId, settings.digest?.daily === true);
      const visible = await get(userId);
      for (const listener of listeners) listener(userId, visible);
      return visible;
    },
    async isYoloOn(userId) {
      return (await get(userId)).yolo.enabled;
    },
    onChanged(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
