/** The inbox: every open inquiry of this user as a card, and the alerts of new ones. */
export { InboxView } from "./inbox-view";
export { LiveAlerts } from "./live-alerts";
export { usePendingInquiries } from "./pending-query";
export { useOpenInquiries } from "./use-open-inquiries";
