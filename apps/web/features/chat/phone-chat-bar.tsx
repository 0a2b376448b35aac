"use client";

import { useState } from "react";
import { List, Plus } from "lucide-react";
import { useT } from "@/features/i18n";
import { Button } from "@/lib/ui/button";
import { Dialog, DialogTitle, DialogTrigger, SheetContent } from "@/lib/ui/dialog";
import { ConversationList } from "./conversation-list";
import type { ConversationListProps } from "./conversation-list";

/**
 * The phone's line above the chat: the conversation list as a sheet of its own (so the
 * message box stays on screen), the open conversation's title, and New chat. Picking a
 * conversation closes the sheet. Hidden on desks, which show the list as a sidebar.
 */
export function PhoneChatBar({
  openId,
  onOpen,
  title,
}: ConversationListProps & { title: string | undefined }) {
  const t = useT();
  const [listOpen, setListOpen] = useState(false);
  return (
    <div className="sticky top-14 z-20 -mx-3 flex h-12 items-center gap-1 border-b bg-background px-1 sm:hidden">
      <Dialog open={listOpen} onOpenChange={setListOpen}>
        <DialogTrigger asChild>
          <Button variant="ghost" className="min-h-11 shrink-0 px-3">
            <List aria-hidden />
            {t("chat.conversations")}
          </Button>
        </DialogTrigger>
        <SheetContent side="left" aria-describedby={undefined}>
          <DialogTitle>{t("chat.conversations")}</DialogTitle>
          <ConversationList
            openId={openId}
            onOpen={(id) => {
              setListOpen(false);
              onOpen(id);
            }}
          />
        </SheetContent>
      </Dialog>
      <span
        className="min-w-0 flex-1 truncate text-center text-sm font-medium"
        dir="auto"
        title={title}
      >
        {title}
      </span>
      <Button
        variant="ghost"
        size="icon"
        className="size-11 shrink-0"
        aria-label={t("chat.new")}
        onClick={() => onOpen(undefined)}
      >
        <Plus aria-hidden />
      </Button>
    </div>
  );
}
