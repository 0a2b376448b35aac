"use client";

import Link from "next/link";
import type { ReactNode } from "react";
import { LogOut, Settings } from "lucide-react";
import { useLogOut } from "@/features/auth";
import { LanguageMenuItems, useT } from "@/features/i18n";
import { YoloMenuItems } from "@/features/settings";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/lib/ui/dropdown-menu";
import { MORE_NAV_ITEMS } from "./nav-items";

export interface UserMenuProps {
  username: string | undefined;
  /** The button that opens the menu (the header's name on desks, "More" on phones). */
  trigger: ReactNode;
  /** Lists the pages the phone's bottom navigation has no room for (Rules, Agent keys). */
  withMoreItems?: boolean;
  side?: "top" | "bottom";
}

/**
 * Who is signed in, Settings, the language, YOLO (with what it does) and Log out, in one menu.
 * It puts several features side by side, so it lives with the signed-in layout rather than in
 * one.
 */
export function UserMenu({
  username,
  trigger,
  withMoreItems = false,
  side = "bottom",
}: UserMenuProps) {
  const t = useT();
  const { pending, logOutNow } = useLogOut();
  return (
    // Not modal: a modal menu locks the page's scroll with a <style> tag of its own.
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>{trigger}</DropdownMenuTrigger>
      <DropdownMenuContent
        align="end"
        side={side}
        collisionPadding={8}
        className="w-80 max-w-[calc(100vw-1rem)] [&_[role^=menuitem]]:min-h-11 sm:[&_[role^=menuitem]]:min-h-9"
      >
        {username !== undefined && (
          <DropdownMenuLabel className="truncate" title={username}>
            {t("shell.signedInAs", { name: username })}
          </DropdownMenuLabel>
        )}
        {withMoreItems &&
          MORE_NAV_ITEMS.map(({ href, label, icon: Icon }) => (
            <DropdownMenuItem key={href} asChild className="min-h-11">
              <Link href={href}>
                <Icon aria-hidden />
                {t(label)}
              </Link>
            </DropdownMenuItem>
          ))}
        <DropdownMenuItem asChild className="min-h-11 sm:min-h-9">
          <Link href="/settings" data-testid="settings-link">
            <Settings aria-hidden />
            {t("nav.settings")}
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <LanguageMenuItems />
        <DropdownMenuSeparator />
        <YoloMenuItems />
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={pending} onSelect={logOutNow}>
          <LogOut aria-hidden />
          {t("header.logOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
