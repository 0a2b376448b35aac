import { z } from "zod";
import { DeviceHintSchema } from "./devices";
import { IsoTimestampSchema } from "../inquiry";

/**
 * Response of `POST /api/pairing`: a one-time code that logs a new device in as the same
 * user. The web app turns it into a link `/pair?code=<code>` and a QR code of that link.
 */
export const PairingCodeSchema = z.object({
  /** Names the code in `GET /api/pairing/:id` without being able to claim it. */
  id: z.string(),
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
 * Response of `GET /api/pairing/:id` to the person who created the code: still waiting for a
 * phone, used (by which device, under its current name), or expired unused.
 */
export const PairingCodeStatusSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("waiting"), expiresAt: IsoTimestampSchema }),
  z.object({
    state: z.literal("used"),
    usedAt: IsoTimestampSchema,
    /** The device the code logged in. */
    device: z.object({ id: z.string(), name: z.string() }),
  }),
  z.object({ state: z.literal("expired"), expiresAt: IsoTimestampSchema }),
]);
export type PairingCodeStatus = z.infer<typeof PairingCodeStatusSchema>;

/** Body of `POST /api/pairing/lookup` (no bearer): the code a pair page was opened with. */
export const PairingLookupBodySchema = z.object({ code: z.string().min(1).max(200) });
export type PairingLookupBody = z.infer<typeof PairingLookupBodySchema>;

/**
 * Response of `POST /api/pairing/lookup`: what the holder of a code may know before claiming
 * it. A waiting code names the account it joins (the username, nothing else); a used or
 * expired one says only that.
 */
export const PairingLookupSchema = z.discriminatedUnion("state", [
  z.object({ state: z.literal("waiting"), username: z.string(), expiresAt: IsoTimestampSchema }),
  z.object({ state: z.literal("used") }),
  z.object({ state: z.literal("expired") }),
]);
export type PairingLookup = z.infer<typeof PairingLookupSchema>;
