import { z } from "zod";
import { CredentialKindSchema } from "@inquiry-hub/protocol";
import type { AuthInfo } from "@modelcontextprotocol/server";
import type { Principal } from "../auth-service";
import { HubError } from "../../../kernel/errors";

/**
 * The hub principal as it rides in `AuthInfo.extra`: the SDK hands `authInfo` through to
 * the per-request server factory untouched, but types `extra` as an open record, so the
 * factory reads it back through this schema rather than trusting its shape.
 */
const PrincipalExtraSchema = z.object({
  /** The authenticated user. */
  userId: z.string().min(1),
  /** The credential (device or agent credential) that authenticated the request. */
  deviceId: z.string().min(1),
  /** `person` for a device, `agent` for an agent credential. */
  kind: CredentialKindSchema,
});
export type ModernCaller = z.infer<typeof PrincipalExtraSchema>;

/**
 * The `AuthInfo` a 2026-07-28 request carries into the SDK, built from the principal the
 * hub's bearer auth already resolved (the SDK verifies no token itself). The token itself
 * is not copied: nothing downstream needs it, and it should not travel further than auth.
 */
export function toAuthInfo(principal: Principal): AuthInfo {
  const extra: ModernCaller = {
    userId: principal.user.id,
    deviceId: principal.device.id,
    kind: principal.kind,
  };
  return { token: "", clientId: principal.device.id, scopes: [], extra };
}

/** The caller of a 2026-07-28 request; UNAUTHORIZED when it came without the hub's auth. */
export function readModernCaller(authInfo: AuthInfo | undefined): ModernCaller {
  const parsed = PrincipalExtraSchema.safeParse(authInfo?.extra);
  if (!parsed.success) throw new HubError("UNAUTHORIZED", "request is not authenticated");
  return parsed.data;
}
