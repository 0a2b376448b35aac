"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ListChecks } from "lucide-react";
import type { ApprovalRule } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import type { Translate } from "@/lib/i18n/translate";
import { Card } from "@/lib/ui/card";
import { FieldError } from "@/lib/ui/input";
import { useToast } from "@/lib/ui/toast";
import { useI18n } from "@/features/i18n";
import { describeConditions, describeExpiry, describeUse } from "./describe-condition";
import { RuleMenu } from "./rule-menu";
import { revokeRule } from "./rules-client";

/** Which agents a rule covers, in words. */
function agentOf(rule: ApprovalRule, t: Translate): string {
  if (rule.agentCredentialId === null) return t("rules.agentAny");
  return rule.agentName === null
    ? t("rules.agentUnnamed")
    : t("rules.agentOne", { name: rule.agentName });
}

/**
 * One rule as a card: its name, tool and source, which agent, its conditions in words, until
 * when, and what it allowed so far, with a ⋯ menu to edit or revoke it.
 */
export function RuleRow({ rule }: { rule: ApprovalRule }) {
  const { t, locale } = useI18n();
  const toast = useToast();
  const queryClient = useQueryClient();
  const { mutate, isPending, error } = useMutation({
    mutationFn: () => revokeRule(rule.id),
    onSuccess: () => {
      queryClient.setQueryData<ApprovalRule[]>(queryKeys.approvalRules, (rules) =>
        rules?.filter((each) => each.id !== rule.id),
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.approvalRules });
      toast({ text: t("rules.revoked", { name: rule.name }), testId: "rule-toast" });
    },
  });

  return (
    <li data-testid="rule-row" data-rule-id={rule.id}>
      <Card className="grid gap-3 p-4">
        <div className="flex items-start gap-3">
          <ListChecks className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
          <div className="grid min-w-0 flex-1 gap-1">
            <span className="font-medium [overflow-wrap:anywhere]" data-testid="rule-row-name">
              {rule.name}
            </span>
            <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
              <code className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-foreground">
                {rule.tool}
              </code>
              <span>{t("rules.via", { upstream: rule.upstream })}</span>
              <span aria-hidden className="hidden sm:inline">
                ·
              </span>
              <span>{agentOf(rule, t)}</span>
            </p>
            <p
              className="text-sm [overflow-wrap:anywhere]"
              data-testid="rule-conditions"
              dir="auto"
            >
              {describeConditions(rule.conditions, t)}
            </p>
            <div className="flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-muted-foreground">
              <span data-testid="rule-expiry">{describeExpiry(rule, t, locale)}</span>
              <span data-testid="rule-use">{describeUse(rule, t, locale)}</span>
            </div>
          </div>
          <RuleMenu rule={rule} revoking={isPending} onRevoke={() => mutate()} />
        </div>
        {error !== null && (
          <FieldError data-testid="error-message">
            {describeApiError(error, t, "rules.revokeFailed")}
          </FieldError>
        )}
      </Card>
    </li>
  );
}
