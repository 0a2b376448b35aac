"use client";

import { useEffect } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { FieldError } from "@/lib/ui/input";
import { useLeaveToLoginOnUnauthorized } from "@/features/auth";
import { useT } from "@/features/i18n";
import { useHubConnection } from "@/features/live";
import { ExportRulesButton } from "./export-rules-button";
import { ImportRulesDialog } from "./import-rules-dialog";
import { RuleRow } from "./rule-row";
import { fetchRules } from "./rules-client";

/**
 * How often the list is asked again while the page is open: a rule's count of allowed calls
 * and a rule made or revoked on another device show within this time (and at once when the
 * tab regains focus or its socket reconnects).
 */
const RULES_REFRESH_MS = 10_000;

/** The Rules page: every standing rule of the person, with edit, revoke, export and import. */
export function RulesView() {
  const t = useT();
  const queryClient = useQueryClient();
  const { connectCount } = useHubConnection();
  const { data, isPending, error } = useQuery({
    queryKey: queryKeys.approvalRules,
    queryFn: () => fetchRules(),
    refetchInterval: RULES_REFRESH_MS,
    refetchOnWindowFocus: "always",
  });

  useEffect(() => {
    if (connectCount > 0) void queryClient.invalidateQueries({ queryKey: queryKeys.approvalRules });
  }, [connectCount, queryClient]);

  useLeaveToLoginOnUnauthorized(error);

  return (
    <main className="mx-auto grid w-full max-w-3xl min-w-0 content-start gap-5 px-3 py-5 sm:px-4 sm:py-6">
      <div className="grid gap-3 sm:flex sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">{t("nav.rules")}</h1>
          <p className="text-sm text-muted-foreground">{t("rules.hint")}</p>
        </div>
        <div className="flex shrink-0 gap-2">
          <ExportRulesButton disabled={data === undefined || data.length === 0} />
          <ImportRulesDialog />
        </div>
      </div>
      <section className="grid gap-3" aria-label={t("rules.listLabel")}>
        {isPending && <p className="text-sm text-muted-foreground">{t("common.loading")}</p>}
        {error !== null && data === undefined && (
          <FieldError data-testid="error-message">
            {describeApiError(error, t, "rules.loadFailed")}
          </FieldError>
        )}
        {data?.length === 0 && (
          <p
            className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground"
            data-testid="rules-empty"
          >
            {t("rules.empty")}
          </p>
        )}
        {data !== undefined && data.length > 0 && (
          <ul className="grid gap-2">
            {data.map((rule) => (
              <RuleRow key={rule.id} rule={rule} />
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
