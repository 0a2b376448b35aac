import { z } from "zod";
import { PublicUserSchema } from "./auth";
import { DeviceSchema } from "./devices";

/**
 * What a credential was issued for: `device`, a person's login or pairing; `agent-run`, a
 * credential the web minted with a person's session (for one chat run, or to follow runs);
 * `agent-key`, a key a person created for an external agent.
 */
const CredentialPurposeSchema = z.enum(["device", "agent-run", "agent-key"]);

/**
 * Response of `GET /api/auth/me`: who the credential belongs to and which device it is
 * (`device.current` is always true), so a client can show "this device" without a list.
 * `device.id` is the presenting credential's id (agent credentials are stored beside the
 * devices), so a service the credential calls can tell one credential of a person from another.
 */
export const MeResponseSchema = z.object({
  user: PublicUserSchema,
  device: DeviceSchema,
  /** What the presenting credential was issued for. */
  purpose: CredentialPurposeSchema,
});
export type MeResponse = z.infer<typeof MeResponseSchema>;
