"use client";

import { useOpenInquiries } from "@/features/inbox";
import { useT } from "@/features/i18n";
import { Badge } from "@/lib/ui/badge";
import { cn } from "@/lib/ui/cn";

/**
 * The live number of open questions beside "Inbox": the same list the inbox shows, which the
 * tab's socket keeps current, so it moves the moment another device asks or answers. Nothing
 * when none wait. Screen readers hear "2 waiting" after the link's name.
 */
export function InboxCount({ className }: { className?: string }) {
  const t = useT();
  const { open } = useOpenInquiries();
  if (open.length === 0) return null;
  return (
    <Badge tone="count" className={cn("tabular-nums", className)}>
      <span aria-hidden data-testid="inbox-count">
        {open.length}
      </span>
      <span className="sr-only">{t("shell.inboxWaiting", { count: open.length })}</span>
    </Badge>
  );
}
