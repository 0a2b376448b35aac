"use client";

import { useRef, useState } from "react";
import { Ban, Pencil } from "lucide-react";
import type { ApprovalRule } from "@inquiry-hub/protocol";
import { ConfirmDialog } from "@/lib/ui/confirm-dialog";
import { DropdownMenuItem } from "@/lib/ui/dropdown-menu";
import { RowActionsMenu } from "@/lib/ui/row-actions-menu";
import { useT } from "@/features/i18n";
import { EditRuleDialog } from "./edit-rule-dialog";

/**
 * A rule's ⋯ menu: Rename or extend (a dialog), and Revoke, which asks first. Focus goes back
 * to the ⋯ button when a dialog closes.
 */
export function RuleMenu({
  rule,
  revoking,
  onRevoke,
}: {
  rule: ApprovalRule;
  revoking: boolean;
  onRevoke: () => void;
}) {
  const t = useT();
  const [dialog, setDialog] = useState<"edit" | "revoke" | undefined>(undefined);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const refocus = (event: Event) => {
    event.preventDefault();
    triggerRef.current?.focus();
  };

  return (
    <>
      <RowActionsMenu
        label={t("rules.actions", { name: rule.name })}
        disabled={revoking}
        triggerRef={triggerRef}
      >
        <DropdownMenuItem onSelect={() => setDialog("edit")}>
          <Pencil aria-hidden />
          {t("rules.edit")}
        </DropdownMenuItem>
        <DropdownMenuItem destructive onSelect={() => setDialog("revoke")}>
          <Ban aria-hidden />
          {t("rules.revoke")}
        </DropdownMenuItem>
      </RowActionsMenu>
      <EditRuleDialog
        rule={rule}
        open={dialog === "edit"}
        onOpenChange={(open) => setDialog(open ? "edit" : undefined)}
        onCloseAutoFocus={refocus}
      />
      <ConfirmDialog
        open={dialog === "revoke"}
        onOpenChange={(open) => setDialog(open ? "revoke" : undefined)}
        onCloseAutoFocus={refocus}
        title={t("rules.revokeTitle", { name: rule.name })}
        description={t("rules.revokeExplain")}
        cancelLabel={t("rules.cancel")}
        confirmLabel={t("rules.revokeConfirm")}
        onConfirm={onRevoke}
      />
    </>
  );
}
