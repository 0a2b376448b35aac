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
 * A notification's title, body and tag: an approval with a risk label leads with it ("High
 * risk: approval needed", its reason on the first line), anything else is a new question. An
 * approval of a batch is tagged with the batch, so its newest notification replaces the one
 * before: one per batch, counting its `batchSize` open approvals once there are several.
 */
export function notificationText(
  inquiry: Inquiry,
  t: Translate,
  batchSize = 1,
): { title: string; body: string; tag: string } {
  const approval = inquiry.approval;
  const risk = approval?.risk;
  const body = (
    risk === undefined ? inquiry.question : `${risk.reason}\n${inquiry.question}`
  ).slice(0, 200);
  const tag = approval?.batchId === undefined ? inquiry.id : `batch:${approval.batchId}`;
  if (batchSize > 1) return { title: t("notify.batch", { count: batchSize }), body, tag };
  const title = risk === undefined ? t("toast.newQuestion") : t(RISK_TITLES[risk.level]);
  return { title, body, tag };
}

/**
 * Shows a system notification for a new inquiry when permission is granted. The tag (the
 * inquiry id, or its batch's) makes several tabs of one browser show it once; a click focuses
 * the inbox.
 */
export function notifyNewInquiry(inquiry: Inquiry, t: Translate, batchSize = 1): void {
  if (notificationState() !== "granted") return;
  const { title, body, tag } = notificationText(inquiry, t, batchSize);
  try {
    const notification = new Notification(title, { body, tag });
    notification.onclick = () => {
      window.focus();
      if (window.location.pathname !== "/inbox") window.location.assign("/inbox");
      notification.close();
    };
  } catch {
    // Some mobile browsers only allow notifications from a service worker; the toast remains.
  }
}
