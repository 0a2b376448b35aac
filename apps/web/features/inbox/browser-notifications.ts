import type { Inquiry } from "@inquiry-hub/protocol";
import type { Translate } from "@/lib/i18n/translate";

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

/**
 * Shows a system notification for a new inquiry when permission is granted. The inquiry id
 * is the tag, so several tabs of one browser show it once; a click focuses the inbox.
 */
export function notifyNewInquiry(inquiry: Inquiry, t: Translate): void {
  if (notificationState() !== "granted") return;
  try {
    const notification = new Notification(t("toast.newQuestion"), {
      body: inquiry.question.slice(0, 200),
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
