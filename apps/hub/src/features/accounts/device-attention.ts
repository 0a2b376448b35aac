import type { PresenceReport } from "@inquiry-hub/protocol";
import type { Logger } from "../../kernel/ports";
import type { PresenceStore } from "./presence-store";

/**
 * Shortest gap between two reports of one device the hub keeps. Devices report at most once a
 * second; a little less than that is accepted so network jitter does not drop a device's
 * latest state, and a faster flood costs one comparison per report and no store write.
 */
export const PRESENCE_MIN_GAP_MS = 800;

/**
 * How long a device's "here" mark lasts in the shared store. The node holding the device's
 * socket renews it every third of this while the device's last report says visible and
 * focused, so a tab left in front of the person stays here without reporting again, and one
 * whose node died is gone within this time.
 */
export const PRESENCE_TTL_MS = 60_000;

/** Where each of a person's devices is looking, as their own sockets report it. */
export interface DeviceAttention {
  /** Keeps `report` as the device's latest; false (nothing kept) when it came too soon. */
  report(device: { userId: string; deviceId: string }, report: PresenceReport): Promise<boolean>;
  /** The device's socket on this node closed: it is no longer here. */
  forget(device: { userId: string; deviceId: string }): Promise<void>;
  /** The person's devices that are here now, on any node: visible and focused. */
  hereDevices(userId: string): Promise<string[]>;
  /** Stops renewing this node's marks (they expire on their own). */
  stop(): void;
}

interface LocalDevice {
  userId: string;
  here: boolean;
  reportedAtMs: number;
}

/**
 * Attention over a shared `store`. The reports' pacing and the renewals are this node's: a
 * device's socket lives on one node, so that node alone hears it; what is "here" is in the
 * store, for every node to read.
 */
export function createDeviceAttention(deps: {
  store: PresenceStore;
  logger: Logger;
  now?: () => number;
}): DeviceAttention {
  const now = deps.now ?? Date.now;
  const local = new Map<string, LocalDevice>();

  const renew = setInterval(() => {
    for (const [deviceId, device] of local)
      if (device.here)
        deps.store
          .markHere(device.userId, deviceId, PRESENCE_TTL_MS)
          .catch((error: unknown) =>
            deps.logger.error({ err: error, deviceId }, "renewing a device's presence failed"),
          );
  }, PRESENCE_TTL_MS / 3);
  renew.unref();

  return {
    async report({ userId, deviceId }, report) {
      const nowMs = now();
      const previous = local.get(deviceId);
      if (previous !== undefined && nowMs - previous.reportedAtMs < PRESENCE_MIN_GAP_MS)
        return false;
      const here = report.visible && report.focused;
      local.set(deviceId, { userId, here, reportedAtMs: nowMs });
      if (here) await deps.store.markHere(userId, deviceId, PRESENCE_TTL_MS);
      else await deps.store.clear(userId, deviceId);
      return true;
    },
    async forget({ userId, deviceId }) {
      local.delete(deviceId);
      await deps.store.clear(userId, deviceId);
    },
    hereDevices(userId) {
      return deps.store.hereDevices(userId);
    },
    stop() {
      clearInterval(renew);
    },
  };
}
