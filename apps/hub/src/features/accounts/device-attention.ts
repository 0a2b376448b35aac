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

/**
 * How long a tab that was here still counts as here after its socket closed. Reloading the page
 * or moving to another page of the app closes the socket and opens a new one a moment later;
 * without this grace a question asked in between would find "no tab" and push the phone at
 * once although the person never left. A tab that is really gone stops counting within it.
 */
export const PRESENCE_LEAVE_GRACE_MS = 10_000;

/** One socket of a person's device: a device (a signed-in browser) may have several tabs. */
export interface DeviceConnection {
  userId: string;
  deviceId: string;
  connectionId: string;
}

/** Where each of a person's devices is looking, as their own sockets report it. */
export interface DeviceAttention {
  /** Keeps `report` as the connection's latest; false (nothing kept) when it came too soon. */
  report(connection: DeviceConnection, report: PresenceReport): Promise<boolean>;
  /** The connection's socket on this node closed. */
  forget(connection: DeviceConnection): Promise<void>;
  /** The person's devices that are here now, on any node: visible and focused. */
  hereDevices(userId: string): Promise<string[]>;
  /** Stops renewing this node's marks (they expire on their own). */
  stop(): void;
}

interface LocalConnection {
  here: boolean;
  reportedAtMs: number;
}

/** One device's sockets on this node, by connection id. */
interface LocalDevice {
  userId: string;
  connections: Map<string, LocalConnection>;
}

/**
 * Attention over a shared `store`. The reports' pacing and the renewals are this node's: a
 * socket lives on one node, so that node alone hears it; what is "here" is in the store, for
 * every node to read. A device is here while any of its connections on this node says so, so
 * one tab closing or blurring does not clear a sibling tab of the same device that is in front.
 */
export function createDeviceAttention(deps: {
  store: PresenceStore;
  logger: Logger;
  now?: () => number;
}): DeviceAttention {
  const now = deps.now ?? Date.now;
  // By device, so a report or a closing socket looks at its own device's sockets only.
  const local = new Map<string, LocalDevice>();

  function renewMark(userId: string, deviceId: string): void {
    deps.store
      .markHere(userId, deviceId, PRESENCE_TTL_MS)
      .catch((error: unknown) =>
        deps.logger.error({ err: error, deviceId }, "renewing a device's presence failed"),
      );
  }

  const isHere = (device: LocalDevice | undefined): boolean =>
    [...(device?.connections.values() ?? [])].some((connection) => connection.here);

  const renew = setInterval(() => {
    for (const [deviceId, device] of local) if (isHere(device)) renewMark(device.userId, deviceId);
  }, PRESENCE_TTL_MS / 3);
  renew.unref();

  return {
    async report({ userId, deviceId, connectionId }, report) {
      const nowMs = now();
      const device: LocalDevice = local.get(deviceId) ?? { userId, connections: new Map() };
      const previous = device.connections.get(connectionId);
      if (previous !== undefined && nowMs - previous.reportedAtMs < PRESENCE_MIN_GAP_MS)
        return false;
      const here = report.visible && report.focused;
      device.connections.set(connectionId, { here, reportedAtMs: nowMs });
      local.set(deviceId, device);
      if (here) await deps.store.markHere(userId, deviceId, PRESENCE_TTL_MS);
      else if (!isHere(device)) await deps.store.clear(userId, deviceId);
      return true;
    },
    async forget({ userId, deviceId, connectionId }) {
      const device = local.get(deviceId);
      const left = device?.connections.get(connectionId);
      device?.connections.delete(connectionId);
      if (device?.connections.size === 0) local.delete(deviceId);
      if (left?.here !== true || isHere(device)) return;
      await deps.store.markHere(userId, deviceId, PRESENCE_LEAVE_GRACE_MS);
    },
    hereDevices(userId) {
      return deps.store.hereDevices(userId);
    },
    stop() {
      clearInterval(renew);
    },
  };
}
