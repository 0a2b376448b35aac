"use client";

import type { ComponentProps, ReactNode } from "react";
import { Button } from "./button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "./dialog";

/** The row of a dialog's buttons: Cancel first, the act last, at the end of the line. */
export const DIALOG_ACTIONS = "flex flex-wrap justify-end gap-2";

/**
 * Asks before an act that cannot be undone (revoke, delete): a title naming what it acts on,
 * what will happen, Cancel and a destructive confirm button. Confirming closes the dialog
 * first, then acts.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  cancelLabel,
  confirmLabel,
  onConfirm,
  onCloseAutoFocus,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm: () => void;
  /** Where focus goes when it closes; Radix's default returns it to the dialog's trigger. */
  onCloseAutoFocus?: ComponentProps<typeof DialogContent>["onCloseAutoFocus"];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogTitle className="[overflow-wrap:anywhere]">{title}</DialogTitle>
        <DialogDescription className="[overflow-wrap:anywhere]">{description}</DialogDescription>
        <div className={DIALOG_ACTIONS}>
          <DialogClose asChild>
            <Button type="button" variant="secondary">
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button
            type="button"
            variant="destructive"
            onClick={() => {
              onOpenChange(false);
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
