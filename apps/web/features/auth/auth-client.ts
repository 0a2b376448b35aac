import { ApiErrorBodySchema } from "@inquiry-hub/protocol";
import type { Credentials } from "@inquiry-hub/protocol";
import type { Translate } from "@/lib/i18n/translate";

export type AuthMode = "login" | "register";

/**
 * Logs in or registers through the web app's own route handlers (which keep the token in
 * an httpOnly cookie). Resolves to undefined on success, or to the message to show.
 */
export async function submitCredentials(
  mode: AuthMode,
  credentials: Credentials,
  t: Translate,
): Promise<string | undefined> {
  let response: Response;
  try {
    response = await fetch(`/api/auth/${mode}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(credentials),
    });
  } catch {
    return t("common.unreachable");
  }
  if (response.ok) return undefined;
  const body = ApiErrorBodySchema.safeParse(await response.json().catch(() => undefined));
  return body.success
    ? body.data.error.message
    : t("common.requestFailed", { status: response.status });
}

/** Ends the session; resolves once the cookies are cleared. */
export async function logOut(): Promise<void> {
  await fetch("/api/auth/logout", { method: "POST" }).catch(() => undefined);
}
