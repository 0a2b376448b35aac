"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useT } from "@/features/i18n";

const LINKS = [
  { href: "/chat", label: "nav.chat" },
  { href: "/inbox", label: "nav.inbox" },
  { href: "/devices", label: "nav.devices" },
  { href: "/history", label: "nav.history" },
  { href: "/agent-keys", label: "nav.agentKeys" },
] as const;

/** The signed-in pages, the current one marked for assistive technology. */
export function NavLinks() {
  const pathname = usePathname();
  const t = useT();
  return (
    <nav aria-label={t("nav.label")} className="app-nav">
      {LINKS.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          className="app-nav__link"
          aria-current={pathname === link.href ? "page" : undefined}
        >
          {t(link.label)}
        </Link>
      ))}
    </nav>
  );
}
