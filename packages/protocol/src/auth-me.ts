import { z } from "zod";
import { PublicUserSchema } from "./auth";
import { DeviceSchema } from "./devices";

/**
 * Response of `GET /api/auth/me`: who the credential belongs to and which device it is
 * (`device.current` is always true), so a client can show "this device" without a list.
 */
export const MeResponseSchema = z.object({
  user: PublicUserSchema,
  device: DeviceSchema,
});
export type MeResponse = z.infer<typeof MeResponseSchema>;
