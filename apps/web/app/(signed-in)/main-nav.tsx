"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useT } from "@/features/i18n";
import { cn } from "@/lib/ui/cn";
import { InboxCount } from "./inbox-count";
import { isCurrent, NAV_ITEMS } from "./nav-items";

/** The desk's navigation in the header, the current page marked; Inbox carries its count. */
export function MainNav({ className }: { className?: string }) {
  const pathname = usePathname();
  const t = useT();
  return (
    <nav aria-label={t("nav.label")} className={cn("min-w-0 items-center gap-1", className)}>
      {NAV_ITEMS.map((item) => (
        <Link
          key={item.href}
          href={item.href}
          aria-current={isCurrent(pathname, item.href) ? "page" : undefined}
          className="inline-flex min-h-9 items-center gap-1.5 rounded-md px-2.5 text-sm font-medium whitespace-nowrap text-muted-foreground hover:bg-muted hover:text-foreground aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground"
        >
          {t(item.label)}
          {item.href === "/inbox" && <InboxCount />}
        </Link>
      ))}
    </nav>
  );
}
