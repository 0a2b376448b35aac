import { Bell, History, KeyRound, MessageSquare, MonitorSmartphone } from "lucide-react";
import type { MessageKey } from "@/lib/i18n/messages-en";

/** The signed-in pages the navigation links, in the order it shows them. */
export const NAV_ITEMS = [
  { href: "/chat", label: "nav.chat", icon: MessageSquare },
  { href: "/inbox", label: "nav.inbox", icon: Bell },
  { href: "/history", label: "nav.history", icon: History },
  { href: "/devices", label: "nav.devices", icon: MonitorSmartphone },
  { href: "/agent-keys", label: "nav.agentKeys", icon: KeyRound },
] as const satisfies readonly { href: string; label: MessageKey; icon: unknown }[];

/** Whether `href` is the page shown, or a page under it (`/history/<id>` under History). */
export function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
