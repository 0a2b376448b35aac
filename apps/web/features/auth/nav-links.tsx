"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/chat", label: "Chat" },
  { href: "/inbox", label: "Inbox" },
  { href: "/devices", label: "Devices" },
  { href: "/history", label: "History" },
] as const;

/** The signed-in pages, the current one marked for assistive technology. */
export function NavLinks() {
  const pathname = usePathname();
  return (
    <nav aria-label="Main" className="app-nav">
      {LINKS.map((link) => (
        <Link
          key={link.href}
          href={link.href}
          className="app-nav__link"
          aria-current={pathname === link.href ? "page" : undefined}
        >
          {link.label}
        </Link>
      ))}
    </nav>
  );
}
