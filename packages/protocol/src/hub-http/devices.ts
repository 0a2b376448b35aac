import { z } from "zod";
import { CredentialsSchema, PublicUserSchema } from "./auth";
import { IsoTimestampSchema } from "../inquiry";

/** Rough form factor, derived from the user agent when the device does not say. */
export const DeviceKindSchema = z.enum(["desktop", "phone"]);
export type DeviceKind = z.infer<typeof DeviceKindSchema>;

/** Longest device name accepted, in characters. */
export const MAX_DEVICE_NAME_LENGTH = 100;

const DeviceNameSchema = z.string().trim().min(1).max(MAX_DEVICE_NAME_LENGTH);

/**
 * One logged-in device of a user. Every login and every pairing creates one, with its own
 * credential, so revoking a device ends exactly that device's access.
 */
export const DeviceSchema = z.object({
  id: z.string(),
  /** Given at login or pairing, else derived from the user agent ("Chrome on Android"). */
  name: z.string(),
  kind: DeviceKindSchema,
  firstSeenAt: IsoTimestampSchema,
  lastSeenAt: IsoTimestampSchema,
  /** True while at least one socket of the device is connected (to any node). */
  online: z.boolean(),
  /** True for the device whose credential made the request ("this device"). */
  current: z.boolean(),
});
export type Device = z.infer<typeof DeviceSchema>;

/** Response of `GET /api/devices`. */
export const DeviceListResponseSchema = z.object({ devices: z.array(DeviceSchema) });
export type DeviceListResponse = z.infer<typeof DeviceListResponseSchema>;

/**
 * What a client says about the device it logs in from. Both optional: the hub falls back to
 * the request's `User-Agent`.
 */
export const DeviceHintSchema = z.object({
  deviceName: DeviceNameSchema.optional(),
  /** The browser's user agent when a server-side proxy logs in on its behalf. */
  userAgent: z.string().max(1000).optional(),
});
export type DeviceHint = z.infer<typeof DeviceHintSchema>;

/** Body of `POST /api/auth/register` and `POST /api/auth/login`: credentials + device hint. */
export const LoginBodySchema = CredentialsSchema.extend(DeviceHintSchema.shape);
export type LoginBody = z.infer<typeof LoginBodySchema>;

/**
 * Response of register, login and pairing claim: `token` is a bearer credential for one user,
 * bound to the one new device it created.
 */
export const AuthResponseSchema = z.object({
  token: z.string(),
  user: PublicUserSchema,
  device: DeviceSchema,
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

/**
 * Response of `POST /api/pairing`: a one-time code that logs a new device in as the same
 * user. The web app turns it into a link `/pair?code=<code>` and a QR code of that link.
 */
export const PairingCodeSchema = z.object({
  code: z.string(),
  expiresAt: IsoTimestampSchema,
});
export type PairingCode = z.infer<typeof PairingCodeSchema>;

/** Body of `POST /api/pairing/claim` (no bearer: the code is the credential). */
export const PairingClaimBodySchema = DeviceHintSchema.extend({
  code: z.string().min(1).max(200),
});
export type PairingClaimBody = z.infer<typeof PairingClaimBodySchema>;

/**
 * Response of `POST /api/socket-ticket`: a single-use, short-lived credential for one
 * Socket.IO handshake, so a browser never needs its long-lived token in script.
 */
export const SocketTicketSchema = z.object({
  ticket: z.string(),
  expiresAt: IsoTimestampSchema,
});
export type SocketTicket = z.infer<typeof SocketTicketSchema>;
