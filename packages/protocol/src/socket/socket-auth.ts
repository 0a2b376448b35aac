import { z } from "zod";
import { ErrorCodeSchema, MAX_DEVICE_NAME_LENGTH } from "../hub-http";

/**
 * The version of the socket protocol this build speaks: the handshake `auth`, the event names
 * and their payloads (`socket-events.ts`). A browser tab keeps running the code it loaded while
 * the hub is redeployed under it, so the two can drift apart; the hub refuses a tab whose
 * version differs and the tab asks the person to reload.
 *
 * Bump it when an already-loaded client would misread the new hub or be misread by it: an
 * event renamed or removed, a payload field removed, renamed or given a new meaning, a new
 * required handshake field. Adding an optional field or a new event does not need a bump.
 */
export const PROTOCOL_VERSION = 1;

const ProtocolVersionSchema = z.number().int().positive();

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
    /**
     * The client's `PROTOCOL_VERSION`. Optional for now: clients older than the check, the
     * tests' devices and the bench send none and are admitted as speaking the current one.
     */
    protocolVersion: ProtocolVersionSchema.optional(),
  }),
  z.object({
    /** A single-use ticket from `POST /api/socket-ticket`. */
    ticket: z.string().min(1).max(500),
    deviceName: z.string().trim().min(1).max(MAX_DEVICE_NAME_LENGTH).optional(),
    /** As for a token: the client's `PROTOCOL_VERSION`, optional for now. */
    protocolVersion: ProtocolVersionSchema.optional(),
  }),
]);
export type SocketHandshakeAuth = z.infer<typeof SocketHandshakeAuthSchema>;

/**
 * The `data` of the `connect_error` a refused handshake reports. `hubProtocolVersion` is set
 * only when the refusal is a protocol version mismatch, so a client can tell "this page is
 * outdated, reload it" from a bad credential.
 */
export const SocketRefusalSchema = z.object({
  /** Why the handshake was refused (BAD_REQUEST, UNAUTHORIZED, FORBIDDEN, INTERNAL). */
  code: ErrorCodeSchema,
  /** The hub's `PROTOCOL_VERSION`, on a version mismatch only. */
  hubProtocolVersion: ProtocolVersionSchema.optional(),
});
export type SocketRefusal = z.infer<typeof SocketRefusalSchema>;
