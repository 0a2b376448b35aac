"use client";

import { useRef, useState } from "react";
import { Ban } from "lucide-react";
import { ConfirmDialog } from "@/lib/ui/confirm-dialog";
import { DropdownMenuItem } from "@/lib/ui/dropdown-menu";
import { RowActionsMenu } from "@/lib/ui/row-actions-menu";
import { useT } from "@/features/i18n";

/**
 * The ⋯ menu of an active key with "Revoke …", which asks first in a dialog: revoking cannot
 * be undone and refuses every agent using the key at once. Focus goes back to the ⋯ button
 * when the dialog closes.
 */
export function RevokeKeyMenu({
  name,
  pending,
  onRevoke,
}: {
  name: string;
  pending: boolean;
  onRevoke: () => void;
}) {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);

  return (
    <>
      <RowActionsMenu
        label={t("agentKeys.actions", { name })}
        disabled={pending}
        triggerRef={triggerRef}
      >
        <DropdownMenuItem destructive onSelect={() => setConfirming(true)}>
          <Ban aria-hidden />
          {t("agentKeys.revoke", { name })}
        </DropdownMenuItem>
      </RowActionsMenu>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
        title={t("agentKeys.revokeTitle", { name })}
        description={t("agentKeys.revokeExplain")}
        cancelLabel={t("agentKeys.cancel")}
        confirmLabel={t("agentKeys.revokeConfirm")}
        onConfirm={onRevoke}
      />
    </>
  );
}
