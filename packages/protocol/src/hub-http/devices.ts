import { z } from "zod";
import { CredentialsSchema, PublicUserSchema } from "./auth";
import { IsoTimestampSchema } from "../inquiry";

/** Rough form factor, derived from the user agent when the device does not say. */
export const DeviceKindSchema = z.enum(["desktop", "phone"]);
export type DeviceKind = z.infer<typeof DeviceKindSchema>;

/** Longest device name accepted, in characters: it must fit a row on a phone. */
export const MAX_DEVICE_NAME_LENGTH = 60;

/** A device name as a person gives it: trimmed, 1–60 characters. */
export const DeviceNameSchema = z
  .string()
  .trim()
  .min(1, "a device name cannot be empty")
  .max(MAX_DEVICE_NAME_LENGTH, `a device name has at most ${MAX_DEVICE_NAME_LENGTH} characters`);

/**
 * One logged-in device of a user. Every login and every pairing creates one, with its own
 * credential, so revoking a device ends exactly that device's access.
 */
export const DeviceSchema = z.object({
  id: z.string(),
  /**
   * Given at login or pairing or by a rename, else derived from the user agent ("Chrome on
   * Android", "Chrome on Linux 2" when the person already has a "Chrome on Linux").
   */
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

/** Body of `PATCH /api/devices/:id`: the device's new name. */
export const DeviceRenameBodySchema = z.object({ name: DeviceNameSchema });
export type DeviceRenameBody = z.infer<typeof DeviceRenameBodySchema>;

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
 * Response of `POST /api/socket-ticket`: a single-use, short-lived credential for one
 * Socket.IO handshake, so a browser never needs its long-lived token in script.
 */
export const SocketTicketSchema = z.object({
  ticket: z.string(),
  expiresAt: IsoTimestampSchema,
});
export type SocketTicket = z.infer<typeof SocketTicketSchema>;
