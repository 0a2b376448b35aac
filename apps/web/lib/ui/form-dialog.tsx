"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { DIALOG_ACTIONS } from "./confirm-dialog";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle } from "./dialog";

/**
 * A dialog holding a small form (a rename, an edit): title, what it does, the fields, then
 * Cancel and the submit button. The form checks nothing itself (`noValidate`), so `onSubmit`
 * can say what is wrong in the page's language.
 */
export function FormDialog({
  open,
  onOpenChange,
  onCloseAutoFocus,
  title,
  description,
  cancelLabel,
  submitLabel,
  submitting,
  onSubmit,
  testId,
  children,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  submitLabel: string;
  /** While the submit is under way its button is disabled. */
  submitting: boolean;
  onSubmit: () => void;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus} data-testid={testId}>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          {children}
          <div className={DIALOG_ACTIONS}>
            <DialogClose asChild>
              <Button type="button" variant="secondary">
                {cancelLabel}
              </Button>
            </DialogClose>
            <Button type="submit" disabled={submitting}>
              {submitLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
