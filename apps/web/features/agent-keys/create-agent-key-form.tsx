"use client";

import { useId, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { MAX_AGENT_KEY_NAME_LENGTH } from "@inquiry-hub/protocol";
import type { CreatedAgentKey } from "@inquiry-hub/protocol";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { useT } from "@/features/i18n";
import { createAgentKey } from "./agent-keys-client";
import { DEFAULT_EXPIRY_DAYS, EXPIRY_DAY_CHOICES } from "./agent-key-status";

/**
 * "New agent key": a name and a lifetime. The created key's secret goes to `onCreated` and
 * nowhere else: it is not written into the list's query cache, so it lives only as long as
 * the page that shows it.
 */
export function CreateAgentKeyForm({
  onCreated,
}: {
  onCreated: (created: CreatedAgentKey) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const nameId = useId();
  const expiryId = useId();
  const [name, setName] = useState("");
  const [days, setDays] = useState<number>(DEFAULT_EXPIRY_DAYS);
  const { mutate, isPending, error } = useMutation({
    mutationFn: () => createAgentKey({ name, expiresInDays: days }),
    onSuccess: (created) => {
      setName("");
      onCreated(created);
      void queryClient.invalidateQueries({ queryKey: queryKeys.agentKeys });
    },
  });

  return (
    <section className="agent-keys__section" aria-labelledby="agent-key-create-heading">
      <h2 id="agent-key-create-heading">{t("agentKeys.createHeading")}</h2>
      <form
        className="agent-key-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() !== "") mutate();
        }}
      >
        <div className="agent-key-form__field">
          <label htmlFor={nameId}>{t("agentKeys.name")}</label>
          <input
            id={nameId}
            value={name}
            required
            maxLength={MAX_AGENT_KEY_NAME_LENGTH}
            autoComplete="off"
            placeholder={t("agentKeys.namePlaceholder")}
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="agent-key-form__field">
          <label htmlFor={expiryId}>{t("agentKeys.expiry")}</label>
          <select
            id={expiryId}
            value={days}
            onChange={(event) => setDays(Number(event.target.value))}
          >
            {EXPIRY_DAY_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t("agentKeys.days", { count: choice })}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={isPending}>
          {t("agentKeys.create")}
        </button>
      </form>
      {error !== null && (
        <p role="alert" className="error" data-testid="error-message">
          {describeApiError(error, t, "agentKeys.createFailed")}
        </p>
      )}
    </section>
  );
}
