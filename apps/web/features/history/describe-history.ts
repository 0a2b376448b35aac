import type { HistoryItem, InquiryStatus } from "@inquiry-hub/protocol";

/** Status words as the history page shows them. */
export const STATUS_LABELS: Record<InquiryStatus, string> = {
  pending: "Waiting",
  answered: "Answered",
  rejected: "Rejected",
  timeout: "Timed out",
  cancelled: "Cancelled",
};

/**
 * A duration a person reads at a glance: "850 ms", "12 s", "3 min 5 s", "2 h 4 min".
 *
 * @example formatDuration(185_000) // "3 min 5 s"
 */
export function formatDuration(ms: number): string {
  if (ms < 1_000) return `${ms} ms`;
  const seconds = Math.round(ms / 1_000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60)
    return seconds % 60 === 0 ? `${minutes} min` : `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** What the person answered, in one line; undefined when there is nothing to show. */
export function describeOutcome(item: HistoryItem): string | undefined {
  if (item.response !== undefined) return item.response;
  if (item.values !== undefined) return JSON.stringify(item.values);
  if (item.reason !== undefined) return item.reason;
  return undefined;
}

/** "on Pixel 7 after 12 s", or what is known of it. */
export function describeResolution(item: HistoryItem): string | undefined {
  const parts = [
    item.byDeviceName === null ? undefined : `on ${item.byDeviceName}`,
    item.durationMs === null ? undefined : `after ${formatDuration(item.durationMs)}`,
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.join(" ");
}
