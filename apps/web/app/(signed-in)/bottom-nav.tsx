"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { Menu } from "lucide-react";
import { useT } from "@/features/i18n";
import { InboxCount } from "./inbox-count";
import { isCurrent, MORE_NAV_ITEMS, NAV_ITEMS } from "./nav-items";
import { UserMenu } from "./user-menu";

const ITEM =
  "relative flex min-h-16 min-w-0 flex-1 flex-col items-center justify-center gap-0.5 text-xs font-medium text-muted-foreground aria-[current=page]:text-primary [&_svg]:size-5";

/**
 * The phone's navigation, fixed at the bottom within a thumb's reach: Chat, Inbox (with its
 * live count), History, Devices, and More (the user menu, with Rules and Agent keys). Hidden on desks,
 * whose header has it all.
 */
export function BottomNav({ username }: { username: string | undefined }) {
  const pathname = usePathname();
  const t = useT();
  return (
    <nav
      aria-label={t("nav.label")}
      className="fixed inset-x-0 bottom-0 z-30 flex border-t bg-card pb-[env(safe-area-inset-bottom)] sm:hidden"
    >
      {NAV_ITEMS.filter((item) => item.phone === "bar").map(({ href, label, icon: Icon }) => (
        <Link
          key={href}
          href={href}
          aria-current={isCurrent(pathname, href) ? "page" : undefined}
          className={ITEM}
        >
          <Icon aria-hidden />
          <span className="max-w-full truncate">{t(label)}</span>
          {href === "/inbox" && <InboxCount className="absolute top-1 left-1/2 ml-1" />}
        </Link>
      ))}
      <UserMenu
        username={username}
        withMoreItems
        side="top"
        trigger={
          <button
            type="button"
            className={`${ITEM} rounded-none border-0 bg-transparent p-0 aria-expanded:text-primary`}
            aria-current={
              MORE_NAV_ITEMS.some((item) => isCurrent(pathname, item.href)) ? "page" : undefined
            }
          >
            <Menu aria-hidden />
            <span className="max-w-full truncate">{t("shell.more")}</span>
          </button>
        }
      />
    </nav>
  );
}
