"use client";

import { useId } from "react";
import { Field, Input } from "@/lib/ui/input";
import { useI18n } from "@/features/i18n";
import { ChoiceRow, ErrorOf, Section } from "./reach-controls";
import type { ReachForm } from "./reach-form";

export interface SectionProps {
  form: ReachForm;
  /** The error under each field, by the path the hub names it with. */
  errors: Readonly<Record<string, string>>;
  disabled: boolean;
  onChange: (change: Partial<ReachForm>) => void;
}

/** A number of seconds, typed; `path` names its error. */
function SecondsField({
  label,
  value,
  error,
  disabled,
  testId,
  onChange,
}: {
  label: string;
  value: string;
  error: string | undefined;
  disabled: boolean;
  testId: string;
  onChange: (value: string) => void;
}) {
  const id = useId();
  return (
    <Field label={label} htmlFor={id}>
      <Input
        id={id}
        data-testid={testId}
        type="number"
        inputMode="numeric"
        min={0}
        value={value}
        disabled={disabled}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        onChange={(event) => onChange(event.target.value)}
        className="sm:max-w-40"
      />
      <ErrorOf id={`${id}-error`} text={error} />
    </Field>
  );
}

/** "How questions reach you": everything at once, or a plan of steps while nobody has seen it. */
export function RoutingSection({ form, errors, disabled, onChange }: SectionProps) {
  const { t } = useI18n();
  const group = useId();
  const plan = form.routing === "plan" && !disabled;
  return (
    <Section title={t("reach.routingTitle")} hint={t("reach.routingHint")}>
      <fieldset className="grid" disabled={disabled}>
        <legend className="sr-only">{t("reach.routingTitle")}</legend>
        <ChoiceRow
          type="radio"
          name={group}
          data-testid="routing-off"
          checked={form.routing === "off"}
          onChange={() => onChange({ routing: "off" })}
        >
          {t("reach.routingOff")}
        </ChoiceRow>
        <ChoiceRow
          type="radio"
          name={group}
          data-testid="routing-plan"
          checked={form.routing === "plan"}
          onChange={() => onChange({ routing: "plan" })}
        >
          {t("reach.routingPlan")}
        </ChoiceRow>
      </fieldset>
      {form.routing === "plan" && (
        <div className="grid gap-4 border-l-2 border-border pl-3 sm:pl-4">
          <SecondsField
            label={t("reach.pushAfter")}
            testId="push-after"
            value={form.pushAfter}
            error={errors["routing.pushAfterSeconds"]}
            disabled={!plan}
            onChange={(pushAfter) => onChange({ pushAfter })}
          />
          <div className="grid gap-1.5">
            <SecondsField
              label={t("reach.webhookAfter")}
              testId="webhook-after"
              value={form.webhookAfter}
              error={errors["routing.webhookAfterSeconds"]}
              disabled={!plan || form.webhookNever}
              onChange={(webhookAfter) => onChange({ webhookAfter })}
            />
            <ChoiceRow
              type="checkbox"
              checked={form.webhookNever}
              disabled={!plan}
              onChange={(event) => onChange({ webhookNever: event.target.checked })}
            >
              {t("reach.webhookNever")}
            </ChoiceRow>
          </div>
        </div>
      )}
    </Section>
  );
}
