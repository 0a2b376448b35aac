import { ApiErrorBodySchema, UserSettingsSchema } from "@inquiry-hub/protocol";
import type { UpdateSettingsBody, UserSettings } from "@inquiry-hub/protocol";
import type { Translate } from "@/lib/i18n/translate";

/** React Query key of this user's settings; `settings:changed` on the socket writes into it. */
export const SETTINGS_QUERY_KEY = ["settings"] as const;

/** GET /api/settings. Throws on any failure; React Query retries. */
export async function fetchSettings(): Promise<UserSettings> {
  const response = await fetch("/api/settings", { cache: "no-store" });
  if (!response.ok) throw new Error(`Loading settings failed (${response.status}).`);
  return UserSettingsSchema.parse(await response.json());
}

/** PUT /api/settings; throws an Error with the server's message when refused. */
export async function updateSettings(
  body: UpdateSettingsBody,
  t: Translate,
): Promise<UserSettings> {
  const response = await fetch("/api/settings", {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (response.ok) return UserSettingsSchema.parse(json);
  const error = ApiErrorBodySchema.safeParse(json);
  throw new Error(
    error.success ? error.data.error.message : t("yolo.saveFailed", { status: response.status }),
  );
}
