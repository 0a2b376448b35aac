import { AuthResponseSchema } from "@inquiry-hub/protocol";
import type { Credentials } from "@inquiry-hub/protocol";
import { z } from "zod";
import { requestJson } from "@/lib/client/api-client";

export type AuthMode = "login" | "register";

/**
 * What the web app returns when it starts a session: the hub's login answer without its token,
 * which stays in an httpOnly cookie.
 */
export const SessionStartedSchema = AuthResponseSchema.pick({ user: true, device: true });

/**
 * Logs in or registers through the web app's own route handlers (which keep the token in
 * an httpOnly cookie). Throws ApiClientError when refused.
 */
export async function submitCredentials(mode: AuthMode, credentials: Credentials): Promise<void> {
  await requestJson(`/api/auth/${mode}`, SessionStartedSchema, {
    method: "POST",
    body: credentials,
  });
}

/** Ends the session; resolves once the cookies are cleared, even when the server is down. */
export async function logOut(): Promise<void> {
  await requestJson("/api/auth/logout", z.object({ ok: z.literal(true) }), {
    method: "POST",
  }).catch(() => undefined);
}
