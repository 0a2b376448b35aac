import type { HistoryDecision, HistoryItem, InquiryStatus } from "@inquiry-hub/protocol";
import type { Locale } from "@/lib/i18n/locale";
import type { MessageKey, Translate } from "@/lib/i18n/translate";
import { formatNumber } from "./format-history";

/** The message of each status word as the status filter lists it ("Waiting", "Answered"…). */
export const STATUS_LABELS: Record<InquiryStatus, MessageKey> = {
  pending: "status.pending",
  answered: "status.answered",
  rejected: "status.rejected",
  timeout: "status.timeout",
  cancelled: "status.cancelled",
};

const DECISION_LABELS: Record<HistoryDecision, MessageKey> = {
  pending: "history.outcome.pending",
  approved: "history.outcome.approved",
  edited: "history.outcome.edited",
  rejected: "history.outcome.rejected",
  answered: "history.outcome.answered",
  delegated: "history.outcome.delegated",
  timeout: "history.outcome.timeout",
  cancelled: "history.outcome.cancelled",
};

/** The colour of each decision's badge: done (green), changed (blue), refused, or nobody's. */
export const DECISION_TONES = {
  pending: "attention",
  approved: "success",
  edited: "info",
  rejected: "danger",
  answered: "success",
  delegated: "neutral",
  timeout: "attention",
  cancelled: "neutral",
} as const satisfies Record<HistoryDecision, string>;

/** "Approved with edits", "Answered"…; a question refused is "Declined", an approval "Rejected". */
export function decisionLabel(item: HistoryItem, t: Translate): string {
  if (item.decision === "rejected" && item.type === "INQUIRY") return t("history.outcome.declined");
  return t(DECISION_LABELS[item.decision]);
}

/**
 * A duration a person reads at a glance, numbers in their language: "850 ms", "12 s",
 * "3 min 5 s", "2 h 4 min".
 *
 * @example formatDuration(185_000, t, "en") // "3 min 5 s"
 */
export function formatDuration(ms: number, t: Translate, locale: Locale): string {
  const n = (value: number) => formatNumber(value, locale);
  if (ms < 1_000) return t("duration.ms", { count: n(ms) });
  const seconds = Math.round(ms / 1_000);
  if (seconds < 60) return t("duration.seconds", { count: n(seconds) });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60)
    return seconds % 60 === 0
      ? t("duration.minutes", { minutes: n(minutes) })
      : t("duration.minutesSeconds", { minutes: n(minutes), seconds: n(seconds % 60) });
  return t("duration.hoursMinutes", {
    hours: n(Math.floor(minutes / 60)),
    minutes: n(minutes % 60),
  });
}

/**
 * What the person said, in one line: a question's answer (text, or its values), or why they
 * refused; undefined when there is nothing to show. An approval's approve or edit is its
 * decision, not an answer.
 */
export function describeOutcome(item: HistoryItem): string | undefined {
  if (item.reason !== undefined && item.reason !== "") return item.reason;
  if (item.type === "APPROVAL") return undefined;
  if (item.response !== undefined) return item.response;
  if (item.values !== undefined)
    return Object.entries(item.values)
      .map(
        ([name, value]) => `${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`,
      )
      .join(" · ");
  return undefined;
}

/**
 * Who decided, in words: "on Pixel 7", "by YOLO, without asking", "allowed by rule notes",
 * "nobody decided in time".
 */
export function describeDecider(item: HistoryItem, t: Translate): string | undefined {
  switch (item.decidedBy) {
    case null:
      return undefined;
    case "person":
      return item.byDeviceName === null
        ? undefined
        : t("history.on", { device: item.byDeviceName });
    case "yolo":
      return t("history.byYolo");
    case "rule":
      return t("history.byRuleNamed", { name: item.byRule?.name ?? "" });
    case "nobody":
      return t(item.decision === "timeout" ? "history.nobodyInTime" : "history.withdrawn");
  }
}

/** Whether a person was asked: YOLO and the person's rules decide without asking anyone. */
export function askedSomeone(item: HistoryItem): boolean {
  return item.decidedBy !== "yolo" && item.decidedBy !== "rule";
}

/**
 * "on Pixel 7 · after 12 s", or what is known of it. Decisions of YOLO or a rule take no time
 * worth showing: nobody was asked.
 */
export function describeResolution(
  item: HistoryItem,
  t: Translate,
  locale: Locale,
): string | undefined {
  const parts = [
    describeDecider(item, t),
    item.durationMs === null || !askedSomeone(item)
      ? undefined
      : t("history.after", { duration: formatDuration(item.durationMs, t, locale) }),
  ].filter((part) => part !== undefined);
  return parts.length === 0 ? undefined : parts.join(" · ");
}
