import { UserSettingsSchema } from "@inquiry-hub/protocol";
import type { UpdateSettingsBody, UserSettings } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/client/api-client";

/** GET /api/settings. Throws on any failure; React Query retries. */
export function fetchSettings(): Promise<UserSettings> {
  return requestJson("/api/settings", UserSettingsSchema);
}

/** PUT /api/settings; throws ApiClientError with the server's message when refused. */
export function updateSettings(body: UpdateSettingsBody): Promise<UserSettings> {
  return requestJson("/api/settings", UserSettingsSchema, { method: "PUT", body });
}
