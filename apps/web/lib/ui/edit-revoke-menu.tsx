"use client";

import { Fragment, useRef, useState } from "react";
import type { ReactNode } from "react";
import { Ban, Pencil } from "lucide-react";
import { ConfirmDialog } from "./confirm-dialog";
import { DropdownMenuItem } from "./dropdown-menu";
import { RowActionsMenu } from "./row-actions-menu";

/** What the menu hands the edit dialog it opens. */
export interface RowDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gives focus back to the row's ⋯ button when the dialog closes. */
  onCloseAutoFocus: (event: Event) => void;
}

/** The words of the revoke question, each feature's own. */
export interface RevokeQuestion {
  title: ReactNode;
  description: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
}

/**
 * A row's ⋯ menu with two acts: edit, which opens the feature's own dialog (`editDialog`), and
 * revoke, which asks first (`revoke`) and then calls `onRevoke`. Every word comes from the
 * feature; focus goes back to the ⋯ button when either dialog closes. The edit dialog is
 * mounted anew for each opening, so its fields start from the row as it is now, not from what
 * was typed and cancelled last time.
 */
export function EditRevokeMenu({
  label,
  editLabel,
  revokeLabel,
  revoking,
  editDialog,
  revoke,
  onRevoke,
}: {
  /** Names the row ("Actions for notes"). */
  label: string;
  editLabel: string;
  revokeLabel: string;
  /** While a revoke is under way the ⋯ button is disabled. */
  revoking: boolean;
  editDialog: (props: RowDialogProps) => ReactNode;
  revoke: RevokeQuestion;
  onRevoke: () => void;
}) {
  const [dialog, setDialog] = useState<"edit" | "revoke" | undefined>(undefined);
  const [editings, setEditings] = useState(0);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const refocus = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };

  return (
    <>
      <RowActionsMenu label={label} disabled={revoking} triggerRef={triggerRef}>
        <DropdownMenuItem
          onSelect={() => {
            setEditings((count) => count + 1);
            setDialog("edit");
          }}
        >
          <Pencil aria-hidden />
          {editLabel}
        </DropdownMenuItem>
        <DropdownMenuItem destructive onSelect={() => setDialog("revoke")}>
          <Ban aria-hidden />
          {revokeLabel}
        </DropdownMenuItem>
      </RowActionsMenu>
      <Fragment key={editings}>
        {editDialog({
          open: dialog === "edit",
          onOpenChange: (open) => setDialog(open ? "edit" : undefined),
          onCloseAutoFocus: refocus,
        })}
      </Fragment>
      <ConfirmDialog
        {...revoke}
        open={dialog === "revoke"}
        onOpenChange={(open) => setDialog(open ? "revoke" : undefined)}
        onCloseAutoFocus={refocus}
        onConfirm={onRevoke}
      />
    </>
  );
}
