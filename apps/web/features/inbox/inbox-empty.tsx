"use client";

import Link from "next/link";
import { Inbox, MessageSquare } from "lucide-react";
import { buttonVariants } from "@/lib/ui/button";
import { Card } from "@/lib/ui/card";
import { useT } from "@/features/i18n";

/** The empty inbox: that nothing waits, what would, and the way to the chat. */
export function InboxEmpty() {
  const t = useT();
  return (
    <Card
      className="grid justify-items-center gap-3 px-6 py-10 text-center"
      data-testid="inbox-empty"
    >
      <Inbox className="size-10 text-muted-foreground" aria-hidden />
      <p className="text-lg font-semibold">{t("inbox.empty")}</p>
      <p className="max-w-md text-sm text-muted-foreground">{t("inbox.emptyHint")}</p>
      <Link
        href="/chat"
        className={buttonVariants({ variant: "secondary", className: "min-h-11" })}
      >
        <MessageSquare aria-hidden />
        {t("inbox.goToChat")}
      </Link>
    </Card>
  );
}
