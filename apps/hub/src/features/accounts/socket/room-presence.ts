import type { DevicePresence } from "../ports";
import { deviceRoom } from "../../../platform/socket/socket-types";
import type { DeviceServer } from "../../../platform/socket/socket-types";
import type { Logger } from "../../../kernel/ports";

/** Device presence that can only answer once it is bound to the Socket.IO server. */
export interface RoomPresence extends DevicePresence {
  bind(io: DeviceServer): void;
}

/**
 * Presence across nodes, read from the Socket.IO rooms themselves: a device is online when
 * any node has a socket in its device room, asked through the cluster adapter
 * (`fetchSockets`). Nothing is counted, so nothing can drift: a node that dies takes its
 * sockets, and so their presence, with it. `connected` / `disconnected` have nothing to
 * record (joining and leaving the room is the record). If another node does not answer in
 * time, this node's own sockets are the answer rather than an error (and `logger` hears of it).
 */
export function createRoomPresence(logger: Logger): RoomPresence {
  let server: DeviceServer | undefined;

  return {
    bind(io) {
      server = io;
    },
    connected() {
      return Promise.resolve();
    },
    disconnected() {
      return Promise.resolve();
    },
    async onlineAmong(deviceIds) {
      if (server === undefined || deviceIds.length === 0) return new Set<string>();
      const rooms = deviceIds.map(deviceRoom);
      const sockets = await server
        .in(rooms)
        .fetchSockets()
        .catch((error: unknown) => {
          logger.warn({ err: error }, "cluster presence query failed; answering for this node");
          return server?.local.in(rooms).fetchSockets() ?? [];
        });
      return new Set(sockets.map((socket) => socket.data.deviceId));
    },
  };
}
