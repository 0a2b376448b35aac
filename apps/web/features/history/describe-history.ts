import type { HistoryItem, InquiryStatus } from "@inquiry-hub/protocol";
import type { MessageKey, Translate } from "@/lib/i18n/translate";

/** The message of each status word as the history page shows it ("Waiting", "Answered"…). */
export const STATUS_LABELS: Record<InquiryStatus, MessageKey> = {
  pending: "status.pending",
  answered: "status.answered",
  rejected: "status.rejected",
  timeout: "status.timeout",
  cancelled: "status.cancelled",
};

/**
 * A duration a person reads at a glance: "850 ms", "12 s", "3 min 5 s", "2 h 4 min".
 *
 * @example formatDuration(185_000, t) // "3 min 5 s"
 */
export function formatDuration(ms: number, t: Translate): string {
  if (ms < 1_000) return t("duration.ms", { count: ms });
  const seconds = Math.round(ms / 1_000);
  if (seconds < 60) return t("duration.seconds", { count: seconds });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60)
    return seconds % 60 === 0
      ? t("duration.minutes", { minutes })
      : t("duration.minutesSeconds", { minutes, seconds: seconds % 60 });
  return t("duration.hoursMinutes", { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

/** What the person answered, in one line; undefined when there is nothing to show. */
export function describeOutcome(item: HistoryItem): string | undefined {
  if (item.response !== undefined) return item.response;
  if (item.values !== undefined) return JSON.stringify(item.values);
  if (item.reason !== undefined) return item.reason;
  return undefined;
}

/** "on Pixel 7 after 12 s", or what is known of it. */
export function describeResolution(item: HistoryItem, t: Translate): string | undefined {
  const parts = [
    item.byDeviceName === null ? undefined : t("history.on", { device: item.byDeviceName }),
    item.durationMs === null
      ? undefined
      : t("history.after", { duration: formatDuration(item.durationMs, t) }),
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.join(" ");
}
