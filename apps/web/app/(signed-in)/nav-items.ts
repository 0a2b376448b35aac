import {
  Bell,
  History,
  KeyRound,
  ListChecks,
  MessageSquare,
  MonitorSmartphone,
} from "lucide-react";
import type { MessageKey } from "@/lib/i18n/messages-en";

/**
 * The signed-in pages the navigation links, in the order it shows them. The desk's header
 * lists them all; a phone's bottom bar has room for the `bar` ones, its More menu lists the
 * `more` ones.
 */
export const NAV_ITEMS = [
  { href: "/chat", label: "nav.chat", icon: MessageSquare, phone: "bar" },
  { href: "/inbox", label: "nav.inbox", icon: Bell, phone: "bar" },
  { href: "/history", label: "nav.history", icon: History, phone: "bar" },
  { href: "/devices", label: "nav.devices", icon: MonitorSmartphone, phone: "bar" },
  { href: "/rules", label: "nav.rules", icon: ListChecks, phone: "more" },
  { href: "/agent-keys", label: "nav.agentKeys", icon: KeyRound, phone: "more" },
] as const satisfies readonly {
  href: string;
  label: MessageKey;
  icon: unknown;
  phone: "bar" | "more";
}[];

/** The pages a phone reaches through its More menu rather than the bottom bar. */
export const MORE_NAV_ITEMS = NAV_ITEMS.filter((item) => item.phone === "more");

/** Whether `href` is the page shown, or a page under it (`/history/<id>` under History). */
export function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
