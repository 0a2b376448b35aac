"use client";

import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import type { CreatedAgentKey } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { useT } from "@/features/i18n";
import { useLeaveToLoginOnUnauthorized } from "@/features/auth";
import { useNow } from "@/features/inquiry";
import { AgentKeyRow } from "./agent-key-row";
import { AgentKeyUsage } from "./agent-key-usage";
import { fetchAgentKeys } from "./agent-keys-client";
import { CreateAgentKeyForm } from "./create-agent-key-form";
import { NewSecretPanel } from "./new-secret-panel";
import "./agent-keys.css";

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
    <main className="agent-keys">
      <h1>{t("nav.agentKeys")}</h1>
      <p className="hint">{t("agentKeys.hint")}</p>
      <CreateAgentKeyForm onCreated={setCreated} />
      {created !== undefined && (
        <NewSecretPanel
          key={created.key.id}
          created={created}
          onDismiss={() => setCreated(undefined)}
        />
      )}
      <section className="agent-keys__section" aria-labelledby="agent-key-list-heading">
        <h2 id="agent-key-list-heading">{t("agentKeys.listHeading")}</h2>
        {isPending && <p className="hint">{t("common.loading")}</p>}
        {error !== null && data === undefined && (
          <p role="alert" className="error" data-testid="error-message">
            {describeApiError(error, t, "agentKeys.loadFailed")}
          </p>
        )}
        {data?.length === 0 && <p className="hint">{t("agentKeys.empty")}</p>}
        {data !== undefined && data.length > 0 && (
          <ul className="device-list">
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
