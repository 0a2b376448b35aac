import { z } from "zod";
import { MAX_DEVICE_NAME_LENGTH } from "./devices";

/**
 * Validates the Socket.IO handshake `auth` a device sends: its bearer token, or a one-time
 * socket ticket obtained with that token. The device is the one the credential belongs to.
 */
export const SocketHandshakeAuthSchema = z.union([
  z.object({
    /** The device's bearer token. */
    token: z.string().min(1).max(500),
    /** Renames the device, e.g. "Ada's phone". */
    deviceName: z.string().trim().min(1).max(MAX_DEVICE_NAME_LENGTH).optional(),
  }),
  z.object({
    /** A single-use ticket from `POST /api/socket-ticket`. */
    ticket: z.string().min(1).max(500),
    deviceName: z.string().trim().min(1).max(MAX_DEVICE_NAME_LENGTH).optional(),
  }),
]);
export type SocketHandshakeAuth = z.infer<typeof SocketHandshakeAuthSchema>;
