import type { PresenceReport } from "@inquiry-hub/protocol";

/**
 * Shortest gap between two reports of one device the hub keeps. Devices report at most once a
 * second; a little less than that is accepted so network jitter does not drop a device's
 * latest state, and a faster flood costs one comparison per report.
 */
export const PRESENCE_MIN_GAP_MS = 800;

/**
 * How long a visible, focused report keeps a device "here" without a fresh one: devices report
 * on every change and again while they stay in front of the person.
 */
export const PRESENCE_FRESH_MS = 5 * 60_000;

/** Where each of a person's devices is looking: the latest report it made, and when. */
export interface DeviceAttention {
  /** Keeps `report` as the device's latest; false (nothing kept) when it came too soon. */
  report(device: { userId: string; deviceId: string }, report: PresenceReport): boolean;
  /** The device went away (socket closed): it is no longer here. */
  forget(deviceId: string): void;
  /** The person's devices that are here now: a fresh report that is visible and focused. */
  hereDevices(userId: string): string[];
}

interface KeptReport {
  userId: string;
  report: PresenceReport;
  atMs: number;
}

/**
 * In-memory attention for one node: a device's socket lives on one node, so that node holds
 * its reports; a device that disconnects is forgotten at once and a silent one goes stale.
 */
export function createDeviceAttention(now: () => number = Date.now): DeviceAttention {
  const byDevice = new Map<string, KeptReport>();

  const isHere = (kept: KeptReport, nowMs: number): boolean =>
    kept.report.visible && kept.report.focused && nowMs - kept.atMs <= PRESENCE_FRESH_MS;

  return {
    report({ userId, deviceId }, report) {
      const nowMs = now();
      const previous = byDevice.get(deviceId);
      if (previous !== undefined && nowMs - previous.atMs < PRESENCE_MIN_GAP_MS) return false;
      byDevice.set(deviceId, { userId, report, atMs: nowMs });
      return true;
    },
    forget(deviceId) {
      byDevice.delete(deviceId);
    },
    hereDevices(userId) {
      const nowMs = now();
      return [...byDevice]
        .filter(([, kept]) => kept.userId === userId && isHere(kept, nowMs))
        .map(([deviceId]) => deviceId);
    },
  };
}
