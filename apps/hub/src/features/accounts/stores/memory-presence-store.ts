import type { PresenceStore } from "../presence-store";

/** Presence of a single node: per person, device id → when its mark expires. */
export function createMemoryPresenceStore(now: () => number = Date.now): PresenceStore {
  const byUser = new Map<string, Map<string, number>>();

  return {
    markHere(userId, deviceId, ttlMs) {
      const marks = byUser.get(userId) ?? new Map<string, number>();
      marks.set(deviceId, now() + ttlMs);
      byUser.set(userId, marks);
      return Promise.resolve();
    },
    clear(userId, deviceId) {
      const marks = byUser.get(userId);
      marks?.delete(deviceId);
      if (marks?.size === 0) byUser.delete(userId);
      return Promise.resolve();
    },
    hereDevices(userId) {
      const nowMs = now();
      const marks = byUser.get(userId) ?? new Map<string, number>();
      for (const [deviceId, expiresAt] of marks) if (expiresAt <= nowMs) marks.delete(deviceId);
      if (marks.size === 0) byUser.delete(userId);
      return Promise.resolve([...marks.keys()]);
    },
  };
}
