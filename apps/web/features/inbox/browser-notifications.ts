import type { Inquiry, RiskLevel } from "@inquiry-hub/protocol";
import type { MessageKey, Translate } from "@/lib/i18n/translate";

export type NotificationState = NotificationPermission | "unsupported";

/** Whether this browser may show notifications for this site. */
export function notificationState(): NotificationState {
  return typeof window === "undefined" || !("Notification" in window)
    ? "unsupported"
    : Notification.permission;
}

/** Asks for permission; call only from a user gesture (a button), never on page load. */
export async function requestNotificationPermission(): Promise<NotificationState> {
  if (notificationState() === "unsupported") return "unsupported";
  return Notification.requestPermission();
}

const RISK_TITLES = {
  low: "notify.lowRisk",
  medium: "notify.mediumRisk",
  high: "notify.highRisk",
} as const satisfies Record<RiskLevel, MessageKey>;

/**
 * A notification's title and body: an approval with a risk label leads with it ("High risk:
 * approval needed", its reason on the first line), anything else is a new question.
 */
export function notificationText(inquiry: Inquiry, t: Translate): { title: string; body: string } {
  const risk = inquiry.approval?.risk;
  if (risk === undefined)
    return { title: t("toast.newQuestion"), body: inquiry.question.slice(0, 200) };
  return {
    title: t(RISK_TITLES[risk.level]),
    body: `${risk.reason}\n${inquiry.question}`.slice(0, 200),
  };
}

/**
 * Shows a system notification for a new inquiry when permission is granted. The inquiry id
 * is the tag, so several tabs of one browser show it once; a click focuses the inbox.
 */
export function notifyNewInquiry(inquiry: Inquiry, t: Translate): void {
  if (notificationState() !== "granted") return;
  const { title, body } = notificationText(inquiry, t);
  try {
    const notification = new Notification(title, {
      body,
      tag: inquiry.id,
    });
    notification.onclick = () => {
      window.focus();
      if (window.location.pathname !== "/inbox") window.location.assign("/inbox");
      notification.close();
    };
  } catch {
    // Some mobile browsers only allow notifications from a service worker; the toast remains.
  }
}
