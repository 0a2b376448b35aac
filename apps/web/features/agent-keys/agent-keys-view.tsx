"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { CreatedAgentKey } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { useT } from "@/features/i18n";
import { FieldError } from "@/lib/ui/input";
import { useLeaveToLoginOnUnauthorized } from "@/features/auth";
import { useNow } from "@/features/inquiry";
import { AgentKeyRow } from "./agent-key-row";
import { AgentKeyUsage } from "./agent-key-usage";
import { fetchAgentKeys } from "./agent-keys-client";
import { CreateAgentKeyForm } from "./create-agent-key-form";
import { NewSecretPanel } from "./new-secret-panel";

/** How often the page re-derives "expired" from the clock, in milliseconds. */
const CLOCK_TICK_MS = 30_000;

/**
 * The Agent keys page: create a key (its secret shown once, held only in this component's
 * state), the list with revoke, and how an agent uses a key.
 */
export function AgentKeysView({ hubUrl }: { hubUrl: string }) {
  const t = useT();
  const now = useNow(CLOCK_TICK_MS);
  const [created, setCreated] = useState<CreatedAgentKey | undefined>(undefined);
  const { data, isPending, error } = useQuery({
    queryKey: queryKeys.agentKeys,
    queryFn: () => fetchAgentKeys(),
  });

  useLeaveToLoginOnUnauthorized(error);

  return (
    <main className="mx-auto grid w-full max-w-3xl min-w-0 content-start gap-5 px-3 py-5 sm:px-4 sm:py-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t("nav.agentKeys")}</h1>
        <p className="text-sm text-muted-foreground">{t("agentKeys.hint")}</p>
      </div>
      <CreateAgentKeyForm onCreated={setCreated} />
      {created !== undefined && (
        <NewSecretPanel
          key={created.key.id}
          created={created}
          onDismiss={() => setCreated(undefined)}
        />
      )}
      <section className="grid gap-3" aria-labelledby="agent-key-list-heading">
        <h2 id="agent-key-list-heading" className="text-lg font-semibold">
          {t("agentKeys.listHeading")}
        </h2>
        {isPending && <p className="text-sm text-muted-foreground">{t("common.loading")}</p>}
        {error !== null && data === undefined && (
          <FieldError data-testid="error-message">
            {describeApiError(error, t, "agentKeys.loadFailed")}
          </FieldError>
        )}
        {data?.length === 0 && (
          <p className="rounded-xl border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            {t("agentKeys.empty")}
          </p>
        )}
        {data !== undefined && data.length > 0 && (
          <ul className="grid gap-2">
            {data.map((agentKey) => (
              <AgentKeyRow key={agentKey.id} agentKey={agentKey} now={now} />
            ))}
          </ul>
        )}
      </section>
      <AgentKeyUsage hubUrl={hubUrl} />
    </main>
  );
}
