import type { AgentKey } from "@inquiry-hub/protocol";

/** Lifetimes the form offers, in days; the hub accepts any whole number up to a year. */
export const EXPIRY_DAY_CHOICES = [7, 30, 90, 365] as const;

/** The lifetime preselected in the form, in days (the hub's own default too). */
export const DEFAULT_EXPIRY_DAYS = 30;

/** Whether a key still authenticates: revoked wins over expired, both are final. */
export type AgentKeyStatus = "active" | "expired" | "revoked";

/**
 * The status of `key` at `now` (epoch ms), derived rather than stored so a key turns
 * "expired" on screen the moment its time passes, without a refetch.
 */
export function agentKeyStatus(key: AgentKey, now: number): AgentKeyStatus {
  if (key.revokedAt !== undefined) return "revoked";
  return Date.parse(key.expiresAt) <= now ? "expired" : "active";
}

/** A key's timestamp as a short date and time in the page's language. */
export function formatKeyTime(iso: string, locale: string): string {
  return new Date(iso).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" });
}
