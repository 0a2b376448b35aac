"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Repeat } from "lucide-react";
import type { ApprovalDetails } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { Button } from "@/lib/ui/button";
import {
  Dialog,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  SheetContent,
} from "@/lib/ui/dialog";
import { FieldError } from "@/lib/ui/input";
import { useToast } from "@/lib/ui/toast";
import { useT } from "@/features/i18n";
import { AlwaysAllowForm } from "./always-allow-form";
import { fetchSuggestions } from "./rules-client";

/** A sheet from the bottom on a phone, a centred dialog from the `sm` breakpoint up. */
const RESPONSIVE_SHEET =
  "sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-2rem)] sm:max-w-lg sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:border sm:p-5";

/**
 * "Always allow…" on an approval card: a dialog (a bottom sheet on a phone) where the person
 * picks how narrow a standing rule is, sees the hub's preview of it, and saves it; the call in
 * hand is then approved with `onApprove` (the card's own Approve) and a toast names the rule.
 * Not offered where a rule could never pass the call: a policy without approve, or a call
 * marked for a fresh look (high risk).
 */
export function AlwaysAllowButton({
  inquiryId,
  approval,
  disabled,
  className,
  onApprove,
}: {
  inquiryId: string;
  approval: ApprovalDetails;
  disabled: boolean;
  className?: string;
  onApprove: () => void;
}) {
  const t = useT();
  const toast = useToast();
  const [open, setOpen] = useState(false);
  const suggestions = useQuery({
    queryKey: queryKeys.ruleSuggestions(inquiryId),
    queryFn: () => fetchSuggestions(inquiryId),
    enabled: open,
    staleTime: Infinity,
  });

  if (!approval.allowedDecisions.includes("approve") || approval.freshLook === true) return null;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button
          type="button"
          variant="secondary"
          className={className}
          disabled={disabled}
          data-testid="always-allow"
        >
          <Repeat aria-hidden />
          {t("rules.alwaysAllow")}
        </Button>
      </DialogTrigger>
      <SheetContent side="bottom" className={RESPONSIVE_SHEET} data-testid="always-allow-dialog">
        <DialogTitle className="[overflow-wrap:anywhere]">
          {t("rules.dialogTitle", { tool: approval.tool })}
        </DialogTitle>
        <DialogDescription>{t("rules.dialogExplain")}</DialogDescription>
        {suggestions.isPending && (
          <p className="text-sm text-muted-foreground">{t("common.loading")}</p>
        )}
        {suggestions.error !== null && (
          <FieldError data-testid="error-message">
            {describeApiError(suggestions.error, t, "rules.suggestionsFailed")}
          </FieldError>
        )}
        {suggestions.data !== undefined && (
          <AlwaysAllowForm
            inquiryId={inquiryId}
            suggestions={suggestions.data.conditions}
            onSaved={(rule) => {
              setOpen(false);
              onApprove();
              toast({ text: t("rules.created", { name: rule.name }), testId: "rule-toast" });
            }}
          />
        )}
      </SheetContent>
    </Dialog>
  );
}
