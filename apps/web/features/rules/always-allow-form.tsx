"use client";

import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ApprovalRule, RuleCondition } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { Button } from "@/lib/ui/button";
import { cn } from "@/lib/ui/cn";
import { DIALOG_ACTIONS } from "@/lib/ui/confirm-dialog";
import { DialogClose } from "@/lib/ui/dialog";
import { FieldError } from "@/lib/ui/input";
import { useT } from "@/features/i18n";
import { initialChoice, ruleBodyOf } from "./rule-choice";
import { RuleChoiceFields } from "./rule-choice-fields";
import { RulePreview } from "./rule-preview";
import { createRule } from "./rules-client";

const STICKY_ON_PHONE =
  "sticky -bottom-4 -mx-4 -mb-4 border-t bg-card p-4 sm:static sm:m-0 sm:border-0 sm:p-0";

/**
 * The "Always allow" choice for one approval, once the hub's suggestions are in: the fields,
 * the hub's preview of exactly that choice, and the button that saves the rule and then
 * approves the call in hand (`onSaved`).
 */
export function AlwaysAllowForm({
  inquiryId,
  suggestions,
  onSaved,
}: {
  inquiryId: string;
  suggestions: readonly RuleCondition[];
  onSaved: (rule: ApprovalRule) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState(() => initialChoice(suggestions));
  const body = ruleBodyOf(inquiryId, suggestions, choice);
  const { mutate, isPending, error, reset } = useMutation({
    mutationFn: () => createRule(body),
    onSuccess: (rule) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvalRules });
      onSaved(rule);
    },
  });

  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        mutate();
      }}
    >
      <RuleChoiceFields
        suggestions={suggestions}
        choice={choice}
        disabled={isPending}
        onChange={(next) => {
          reset();
          setChoice(next);
        }}
      />
      <RulePreview body={body} />
      {error !== null && (
        <FieldError data-testid="error-message">
          {describeApiError(error, t, "rules.createFailed")}
        </FieldError>
      )}
      {/* On a phone's sheet the buttons stay in reach while the choices above scroll. */}
      <div className={cn(DIALOG_ACTIONS, STICKY_ON_PHONE)}>
        <DialogClose asChild>
          <Button type="button" variant="secondary">
            {t("rules.cancel")}
          </Button>
        </DialogClose>
        <Button type="submit" disabled={isPending} data-testid="rule-save">
          {t("rules.save")}
        </Button>
      </div>
    </form>
  );
}
