"use client";

import { ChevronDown, CircleUser } from "lucide-react";
import { useT } from "@/features/i18n";
import { Button } from "@/lib/ui/button";
import { MainNav } from "./main-nav";
import { UserMenu } from "./user-menu";

/**
 * The header of signed-in pages, one line of 56 px: the product's name; on desks the
 * navigation and the user menu too (phones have them in the bottom navigation instead).
 */
export function AppHeader({ username }: { username: string | undefined }) {
  const t = useT();
  return (
    <header className="sticky top-0 z-30 flex h-14 shrink-0 items-center gap-4 border-b bg-card px-4">
      <span className="font-semibold whitespace-nowrap">Inquiry Hub</span>
      <MainNav className="hidden sm:flex" />
      <div className="ml-auto hidden min-w-0 sm:block">
        <UserMenu
          username={username}
          trigger={
            <Button
              variant="ghost"
              size="sm"
              aria-label={t("shell.accountMenu")}
              className="max-w-56"
            >
              <CircleUser aria-hidden />
              <span className="truncate">{username}</span>
              <ChevronDown aria-hidden />
            </Button>
          }
        />
      </div>
    </header>
  );
}
