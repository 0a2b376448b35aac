import type { DeviceRecord, DeviceStore } from "../ports";
import { keysUnder } from "../../../platform/lmdb/embedded-database";
import type { EmbeddedDatabase } from "../../../platform/lmdb/embedded-database";

/**
 * Devices and agent credentials kept across restarts, so a paired phone stays logged in and a
 * revoked device stays revoked. Tables: `devices` (id → record), `devices-by-token` (token
 * hash → id) and `devices-by-user` (`[userId, firstSeenAt, id]` → id: a key range lists a
 * user's devices oldest first without scanning anyone else's). Every write that reads first
 * runs in one write transaction: `insert` refuses a duplicate id or credential and writes all
 * three entries together, `revoke` is a compare-and-set. Records do not expire; revoked ones
 * stay for the audit trail, as in memory and Redis.
 */
export function createLmdbDeviceStore(db: EmbeddedDatabase): DeviceStore {
  const devices = db.table<DeviceRecord>("devices");
  const idByTokenHash = db.table<string>("devices-by-token");
  const idsByUser = db.table<string>("devices-by-user");

  return {
    async insert(device) {
      const inserted = await devices.transaction(() => {
        if (devices.get(device.id) !== undefined) return false;
        if (idByTokenHash.get(device.tokenHash) !== undefined) return false;
        devices.putSync(device.id, { ...device });
        idByTokenHash.putSync(device.tokenHash, device.id);
        idsByUser.putSync([device.userId, device.firstSeenAt, device.id], device.id);
        return true;
      });
      if (!inserted) throw new Error(`duplicate device ${device.id}`);
    },

    get(id) {
      return Promise.resolve(devices.get(id));
    },

    findByTokenHash(tokenHash) {
      const id = idByTokenHash.get(tokenHash);
      return Promise.resolve(id === undefined ? undefined : devices.get(id));
    },

    listByUser(userId) {
      const entries = idsByUser.getRange(keysUnder([userId]));
      return Promise.resolve([...entries].flatMap(({ value }) => devices.get(value) ?? []));
    },

    async update(id, patch) {
      await devices.transaction(() => {
        const device = devices.get(id);
        if (device !== undefined) devices.putSync(id, { ...device, ...patch });
      });
    },

    revoke(id, revokedAt) {
      return devices.transaction(() => {
        const device = devices.get(id);
        if (device === undefined || device.revokedAt !== undefined) return false;
        devices.putSync(id, { ...device, revokedAt });
        return true;
      });
    },
  };
}
