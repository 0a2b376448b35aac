"use client";

import { useId, useState } from "react";
import { useT } from "@/features/i18n";
import { Button } from "@/lib/ui/button";
import { ConfirmDialog, DIALOG_ACTIONS } from "@/lib/ui/confirm-dialog";
import { Dialog, DialogClose, DialogContent, DialogTitle } from "@/lib/ui/dialog";
import { Field, Input } from "@/lib/ui/input";

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Renames a conversation: its title in a field, Save or Cancel. */
export function RenameDialog({
  open,
  onOpenChange,
  title,
  onRename,
}: DialogProps & { title: string; onRename: (title: string) => void }) {
  const t = useT();
  const inputId = useId();
  const [draft, setDraft] = useState(title);
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next) setDraft(title);
        onOpenChange(next);
      }}
    >
      <DialogContent aria-describedby={undefined}>
        <DialogTitle>{t("chat.renameHeading")}</DialogTitle>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            if (draft.trim() !== "") onRename(draft.trim());
            onOpenChange(false);
          }}
        >
          <Field label={t("chat.title")} htmlFor={inputId}>
            <Input
              id={inputId}
              value={draft}
              dir="auto"
              onChange={(event) => setDraft(event.target.value)}
            />
          </Field>
          <div className={DIALOG_ACTIONS}>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {t("chat.cancel")}
              </Button>
            </DialogClose>
            <Button type="submit">{t("chat.save")}</Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** Asks before deleting a conversation, naming it: deleting cannot be undone. */
export function DeleteDialog({
  open,
  onOpenChange,
  name,
  onDelete,
}: DialogProps & { name: string; onDelete: () => void }) {
  const t = useT();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t("chat.deleteHeading")}
      description={t("chat.deleteExplain", { title: name })}
      cancelLabel={t("chat.cancel")}
      confirmLabel={t("chat.deleteConfirm")}
      onConfirm={onDelete}
    />
  );
}
