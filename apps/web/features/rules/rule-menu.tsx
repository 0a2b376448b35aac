"use client";

import type { ApprovalRule } from "@inquiry-hub/protocol";
import { EditRevokeMenu } from "@/lib/ui/edit-revoke-menu";
import { useT } from "@/features/i18n";
import { EditRuleDialog } from "./edit-rule-dialog";

/** A rule's ⋯ menu: Rename or extend (a dialog), and Revoke, which asks first. */
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
  return (
    <EditRevokeMenu
      label={t("rules.actions", { name: rule.name })}
      editLabel={t("rules.edit")}
      revokeLabel={t("rules.revoke")}
      revoking={revoking}
      editDialog={(dialog) => <EditRuleDialog rule={rule} {...dialog} />}
      revoke={{
        title: t("rules.revokeTitle", { name: rule.name }),
        description: t("rules.revokeExplain"),
        cancelLabel: t("rules.cancel"),
        confirmLabel: t("rules.revokeConfirm"),
      }}
      onRevoke={onRevoke}
    />
  );
}
