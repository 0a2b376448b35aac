import type { Translate } from "@/lib/i18n/translate";

/**
 * When a device was last seen, relative to `now`: "just now", "5 min ago", "3 h ago", else
 * the date as the person's locale writes it ("Mar 1, 2025", "2025年3月1日"). Invalid
 * timestamps read "unknown".
 */
export function formatLastSeen(
  lastSeenAt: string,
  now: number,
  t: Translate,
  locale: string,
): string {
  const at = Date.parse(lastSeenAt);
  if (Number.isNaN(at)) return t("lastSeen.unknown");
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return t("lastSeen.justNow");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t("lastSeen.minutes", { count: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t("lastSeen.hours", { count: hours });
  return new Date(at).toLocaleDateString(locale, { dateStyle: "medium" });
}
