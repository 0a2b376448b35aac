import type { DevicePresence } from "../ports";

/**
 * Socket counts per device on this node. Enough for one hub; several nodes need a shared
 * version (e.g. a Redis hash of counts per node) behind the same port.
 */
export function createMemoryDevicePresence(): DevicePresence {
  const sockets = new Map<string, number>();

  return {
    connected(deviceId) {
      sockets.set(deviceId, (sockets.get(deviceId) ?? 0) + 1);
      return Promise.resolve();
    },

    disconnected(deviceId) {
      const remaining = (sockets.get(deviceId) ?? 0) - 1;
      if (remaining > 0) sockets.set(deviceId, remaining);
      else sockets.delete(deviceId);
      return Promise.resolve();
    },

    onlineAmong(deviceIds) {
      return Promise.resolve(new Set(deviceIds.filter((id) => sockets.has(id))));
    },
  };
}
