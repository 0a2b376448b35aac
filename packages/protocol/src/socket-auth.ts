import { z } from "zod";

/**
 * Validates the Socket.IO handshake `auth` a device sends (the `SocketHandshakeAuth`
 * interface of socket-events.ts, as a schema for the hub's boundary check).
 */
export const SocketHandshakeAuthSchema = z.object({
  /** The user's bearer token. */
  token: z.string().min(1),
  /** A label the person recognises, e.g. "Ada's phone". */
  deviceName: z.string().min(1).max(100).optional(),
  /** A stable id the device keeps across reconnects; recorded as `byDeviceId`. */
  deviceId: z.string().min(1).max(200).optional(),
});
