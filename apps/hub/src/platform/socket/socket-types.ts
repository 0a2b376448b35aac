import type { Server, Socket } from "socket.io";
import type { ClientToServerEvents, ServerToClientEvents } from "@inquiry-hub/protocol";

/** What the handshake established about a connected socket: whose it is, which device. */
export interface DeviceData {
  userId: string;
  /** The device of the credential; recorded as `byDeviceId` of the socket's answers. */
  deviceId: string;
}

/** The hub's typed Socket.IO server (protocol events in both directions). */
export type DeviceServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  DeviceData
>;

/** One connected device socket. */
export type DeviceSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  DeviceData
>;

/** Every socket of a user: the audience of `inquiry:new` and `inquiry:withdrawn`. */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** Every socket of one device: disconnected as a whole when the device is revoked. */
export function deviceRoom(deviceId: string): string {
  return `device:${deviceId}`;
}
