"use client";

import { useState } from "react";
import { Pencil, Trash2 } from "lucide-react";
import type { ConversationSummary } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import { DropdownMenuItem } from "@/lib/ui/dropdown-menu";
import { RowActionsMenu } from "@/lib/ui/row-actions-menu";
import { DeleteDialog, RenameDialog } from "./conversation-dialogs";

export interface ConversationRowProps {
  conversation: ConversationSummary;
  open: boolean;
  onOpen: () => void;
  onRename: (title: string) => void;
  onDelete: () => void;
}

/**
 * One conversation of the list on one line, however long its title (the whole title is in
 * the tooltip), "working" while its run goes; ⋯ holds Rename and Delete, each in a dialog.
 */
export function ConversationRow({
  conversation,
  open,
  onOpen,
  onRename,
  onDelete,
}: ConversationRowProps) {
  const t = useT();
  const [dialog, setDialog] = useState<"rename" | "delete" | undefined>(undefined);
  const name = conversation.title === "" ? t("chat.untitled") : conversation.title;
  const closeDialog = (isOpen: boolean) => {
    if (!isOpen) setDialog(undefined);
  };

  return (
    <div
      data-testid="conversation-row"
      className="group flex min-w-0 items-center rounded-md hover:bg-muted has-[[aria-current=page]]:bg-accent has-[[aria-current=page]]:text-accent-foreground"
    >
      <button
        type="button"
        aria-current={open ? "page" : undefined}
        title={name}
        dir="auto"
        onClick={onOpen}
        className="flex min-h-11 min-w-0 flex-1 items-center gap-1 rounded-md border-0 bg-transparent px-2 text-start text-sm text-inherit aria-[current=page]:font-semibold sm:min-h-9"
      >
        <span className="truncate">{name}</span>
        {conversation.running && (
          <span className="shrink-0 text-xs font-normal"> · {t("chat.running")}</span>
        )}
      </button>
      <RowActionsMenu label={t("chat.actionsFor", { title: name })} className="size-11 sm:size-8">
        <DropdownMenuItem onSelect={() => setDialog("rename")}>
          <Pencil aria-hidden />
          {t("chat.rename")}
        </DropdownMenuItem>
        <DropdownMenuItem destructive onSelect={() => setDialog("delete")}>
          <Trash2 aria-hidden />
          {t("chat.delete")}
        </DropdownMenuItem>
      </RowActionsMenu>
      <RenameDialog
        open={dialog === "rename"}
        onOpenChange={closeDialog}
        title={conversation.title}
        onRename={onRename}
      />
      <DeleteDialog
        open={dialog === "delete"}
        onOpenChange={closeDialog}
        name={name}
        onDelete={onDelete}
      />
    </div>
  );
}
