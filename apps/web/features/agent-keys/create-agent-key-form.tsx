"use client";

import { useId, useRef, useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CreateAgentKeyBodySchema, MAX_AGENT_KEY_NAME_LENGTH } from "@inquiry-hub/protocol";
import type { CreatedAgentKey } from "@inquiry-hub/protocol";
import { Plus } from "lucide-react";
import type { FieldIssue } from "@/lib/client/describe-api-error-fields";
import { fieldErrorsOf } from "@/lib/client/describe-api-error-fields";
import { queryKeys } from "@/lib/client/query-keys";
import { Button } from "@/lib/ui/button";
import { Card } from "@/lib/ui/card";
import { FieldError, Input, Label } from "@/lib/ui/input";
import { useT } from "@/features/i18n";
import { createAgentKey } from "./agent-keys-client";
import { DEFAULT_EXPIRY_DAYS, EXPIRY_DAY_CHOICES } from "./agent-key-status";
import { AGENT_KEY_FIELDS, createFailure } from "./create-failure";

/** What went wrong, kept unworded so the words follow a language switch. */
type Problem = { issues: readonly FieldIssue[] } | { failure: unknown };

/**
 * "New agent key": a name and a lifetime, checked with the protocol's own schema before
 * anything is sent. The created key's secret goes to `onCreated` and nowhere else: it is not
 * written into the list's query cache, so it lives only as long as the page that shows it.
 */
export function CreateAgentKeyForm({
  onCreated,
}: {
  onCreated: (created: CreatedAgentKey) => void;
}) {
  const t = useT();
  const queryClient = useQueryClient();
  const nameId = useId();
  const nameErrorId = useId();
  const expiryId = useId();
  const expiryErrorId = useId();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState("");
  const [days, setDays] = useState<number>(DEFAULT_EXPIRY_DAYS);
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  const { mutate, isPending } = useMutation({
    mutationFn: () => createAgentKey({ name, expiresInDays: days }),
    onSuccess: (created) => {
      setName("");
      onCreated(created);
      void queryClient.invalidateQueries({ queryKey: queryKeys.agentKeys });
    },
    onError: (failure) => setProblem({ failure }),
  });
  const problems =
    problem === undefined
      ? undefined
      : "issues" in problem
        ? fieldErrorsOf(problem.issues, t, AGENT_KEY_FIELDS)
        : createFailure(problem.failure, t);
  const nameError = problems?.fields.name;
  const expiryError = problems?.fields.expiresInDays;

  function submit() {
    const parsed = CreateAgentKeyBodySchema.safeParse({ name, expiresInDays: days });
    if (!parsed.success) {
      setProblem({ issues: parsed.error.issues });
      nameRef.current?.focus();
      return;
    }
    setProblem(undefined);
    mutate();
  }

  return (
    <Card className="p-4 sm:p-5">
      <section className="grid gap-4" aria-labelledby="agent-key-create-heading">
        <h2 id="agent-key-create-heading" className="text-lg font-semibold">
          {t("agentKeys.createHeading")}
        </h2>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-[1fr_11rem]">
            <div className="grid content-start gap-1.5">
              <Label htmlFor={nameId}>{t("agentKeys.name")}</Label>
              <Input
                ref={nameRef}
                id={nameId}
                value={name}
                required
                maxLength={MAX_AGENT_KEY_NAME_LENGTH}
                autoComplete="off"
                placeholder={t("agentKeys.namePlaceholder")}
                aria-invalid={nameError !== undefined}
                aria-describedby={nameError === undefined ? undefined : nameErrorId}
                onChange={(event) => {
                  setName(event.target.value);
                  if (nameError !== undefined) setProblem(undefined);
                }}
              />
              {nameError !== undefined && (
                <FieldError id={nameErrorId} data-testid="field-error">
                  {nameError}
                </FieldError>
              )}
            </div>
            <div className="grid content-start gap-1.5">
              <Label htmlFor={expiryId}>{t("agentKeys.expiry")}</Label>
              <select
                id={expiryId}
                value={days}
                className="min-h-10 rounded-lg border border-input bg-card px-2 py-1 text-base text-foreground sm:text-sm"
                aria-invalid={expiryError !== undefined}
                aria-describedby={expiryError === undefined ? undefined : expiryErrorId}
                onChange={(event) => setDays(Number(event.target.value))}
              >
                {EXPIRY_DAY_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {t("agentKeys.days", { count: choice })}
                  </option>
                ))}
              </select>
              {expiryError !== undefined && (
                <FieldError id={expiryErrorId} data-testid="field-error">
                  {expiryError}
                </FieldError>
              )}
            </div>
          </div>
          {problems?.form !== undefined && (
            <FieldError data-testid="error-message">{problems.form}</FieldError>
          )}
          <Button type="submit" className="justify-self-start" disabled={isPending}>
            <Plus aria-hidden />
            {t("agentKeys.create")}
          </Button>
        </form>
      </section>
    </Card>
  );
}
