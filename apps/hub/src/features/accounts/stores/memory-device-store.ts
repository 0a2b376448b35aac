import type { DeviceRecord, DeviceStore } from "../ports";

/**
 * The embedded device registry. Every method finishes its map update without an await, so
 * `revoke` is atomic on Node's single thread. Records are copied in and out.
 */
export function createMemoryDeviceStore(): DeviceStore {
  const byId = new Map<string, DeviceRecord>();
  const idByTokenHash = new Map<string, string>();
  /**
   * A user's device ids in insertion order. Listing a user's devices runs on every inquiry
   * event (push fan-out), so it must not scan every user's devices.
   */
  const idsByUser = new Map<string, string[]>();

  function copy(device: DeviceRecord | undefined): DeviceRecord | undefined {
    return device === undefined ? undefined : { ...device };
  }

  return {
    insert(device) {
      if (byId.has(device.id) || idByTokenHash.has(device.tokenHash))
        return Promise.reject(new Error(`duplicate device ${device.id}`));
      byId.set(device.id, { ...device });
      idByTokenHash.set(device.tokenHash, device.id);
      idsByUser.set(device.userId, [...(idsByUser.get(device.userId) ?? []), device.id]);
      return Promise.resolve();
    },

    get(id) {
      return Promise.resolve(copy(byId.get(id)));
    },

    findByTokenHash(tokenHash) {
      const id = idByTokenHash.get(tokenHash);
      return Promise.resolve(copy(id === undefined ? undefined : byId.get(id)));
    },

    listByUser(userId) {
      const devices = (idsByUser.get(userId) ?? [])
        .flatMap((id) => byId.get(id) ?? [])
        .sort((a, b) => a.firstSeenAt.localeCompare(b.firstSeenAt))
        .map((device) => ({ ...device }));
      return Promise.resolve(devices);
    },

    update(id, patch) {
      const device = byId.get(id);
      if (device !== undefined) byId.set(id, { ...device, ...patch });
      return Promise.resolve();
    },

    revoke(id, revokedAt) {
      const device = byId.get(id);
      if (device === undefined || device.revokedAt !== undefined) return Promise.resolve(false);
      byId.set(id, { ...device, revokedAt });
      return Promise.resolve(true);
    },
  };
}
