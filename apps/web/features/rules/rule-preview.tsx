"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { CircleCheck, CircleHelp } from "lucide-react";
import type { CreateApprovalRuleBody } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { FieldError } from "@/lib/ui/input";
import { useT } from "@/features/i18n";
import { ExampleCall } from "./example-call";
import { previewRule } from "./rules-client";

/**
 * The hub's word on the rule as chosen so far: its name, one call it would let run without
 * asking (this one) and one it would still ask about. Asked again whenever the choice changes;
 * the previous answer stays in view meanwhile, so the dialog does not jump.
 */
export function RulePreview({ body }: { body: CreateApprovalRuleBody }) {
  const t = useT();
  const { data, error, isFetching } = useQuery({
    queryKey: queryKeys.rulePreview(body),
    queryFn: () => previewRule(body),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

  return (
    <section
      className="grid gap-3 rounded-lg border bg-muted/40 p-3"
      aria-live="polite"
      aria-busy={isFetching}
      data-testid="rule-preview"
    >
      {data === undefined && error === null && (
        <p className="text-sm text-muted-foreground">{t("rules.previewLoading")}</p>
      )}
      {error !== null && (
        <FieldError data-testid="rule-preview-error">
          {describeApiError(error, t, "rules.previewFailed")}
        </FieldError>
      )}
      {data !== undefined && (
        <>
          <p className="text-sm font-medium [overflow-wrap:anywhere]" data-testid="rule-name">
            {t("rules.previewName", { name: data.name })}
          </p>
          <div className="grid gap-1">
            <p className="flex items-center gap-1.5 text-sm font-medium text-success-foreground">
              <CircleCheck aria-hidden className="size-4" />
              {t("rules.previewAllows")}
            </p>
            <ExampleCall args={data.allows} testId="rule-preview-allows" />
          </div>
          <div className="grid gap-1">
            <p className="flex items-center gap-1.5 text-sm font-medium">
              <CircleHelp aria-hidden className="size-4" />
              {t("rules.previewRefuses")}
            </p>
            {data.refuses === null ? (
              <p className="text-sm text-muted-foreground">{t("rules.previewNoRefuse")}</p>
            ) : (
              <ExampleCall args={data.refuses} testId="rule-preview-refuses" />
            )}
          </div>
        </>
      )}
    </section>
  );
}
