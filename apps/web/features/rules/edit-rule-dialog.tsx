"use client";

import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MAX_RULE_NAME_LENGTH } from "@inquiry-hub/protocol";
import type { ApprovalRule, RuleDuration, UpdateApprovalRuleBody } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import type { RowDialogProps } from "@/lib/ui/edit-revoke-menu";
import { FormDialog } from "@/lib/ui/form-dialog";
import { Field, FieldError, Input } from "@/lib/ui/input";
import { useT } from "@/features/i18n";
import { DURATIONS } from "./rule-choice";
import { durationLabel } from "./rule-choice-fields";
import { updateRule } from "./rules-client";

const SELECT =
  "min-h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground disabled:opacity-55 sm:min-h-10 sm:text-sm";

/** What the dialog sends: only what changed, or undefined when nothing did. */
function changesOf(
  rule: ApprovalRule,
  name: string,
  duration: RuleDuration | "keep",
): UpdateApprovalRuleBody | undefined {
  const body: UpdateApprovalRuleBody = {
    ...(name.trim() === rule.name ? {} : { name: name.trim() }),
    ...(duration === "keep" ? {} : { duration }),
  };
  return Object.keys(body).length === 0 ? undefined : body;
}

/**
 * Renames a rule or gives it a new duration counted from now. Its conditions stay as they
 * were made from the call: a narrower or wider rule is made from a card.
 */
export function EditRuleDialog({ rule, ...dialog }: RowDialogProps & { rule: ApprovalRule }) {
  const t = useT();
  const queryClient = useQueryClient();
  const nameId = useId();
  const durationId = useId();
  const errorId = useId();
  const [name, setName] = useState(rule.name);
  const [duration, setDuration] = useState<RuleDuration | "keep">("keep");
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const { mutate, isPending } = useMutation({
    mutationFn: (body: UpdateApprovalRuleBody) => updateRule(rule.id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvalRules });
      dialog.onOpenChange(false);
    },
    onError: (error) => setProblem(describeApiError(error, t, "rules.updateFailed")),
  });

  function submit(): void {
    const trimmed = name.trim();
    if (trimmed === "" || trimmed.length > MAX_RULE_NAME_LENGTH) {
      setProblem(
        t(trimmed === "" ? "rules.nameEmpty" : "rules.nameTooLong", { max: MAX_RULE_NAME_LENGTH }),
      );
      return;
    }
    const body = changesOf(rule, name, duration);
    if (body === undefined) dialog.onOpenChange(false);
    else mutate(body);
  }

  return (
    <FormDialog
      {...dialog}
      title={t("rules.editTitle")}
      description={t("rules.editExplain")}
      cancelLabel={t("rules.cancel")}
      submitLabel={t("rules.saveEdit")}
      submitting={isPending}
      onSubmit={submit}
      testId="edit-rule-dialog"
    >
      <Field label={t("rules.nameLabel")} htmlFor={nameId}>
        <Input
          id={nameId}
          value={name}
          autoComplete="off"
          aria-invalid={problem !== undefined}
          aria-describedby={problem === undefined ? undefined : errorId}
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
          }}
        />
      </Field>
      <Field label={t("rules.durationLegend")} htmlFor={durationId}>
        <select
          id={durationId}
          className={SELECT}
          value={duration}
          onChange={(event) => setDuration(event.target.value as RuleDuration | "keep")}
        >
          <option value="keep">{t("rules.keepDuration")}</option>
          {DURATIONS.map((each) => (
            <option key={each} value={each}>
              {t(durationLabel(each))}
            </option>
          ))}
        </select>
      </Field>
      {problem !== undefined && <FieldError id={errorId}>{problem}</FieldError>}
    </FormDialog>
  );
}
