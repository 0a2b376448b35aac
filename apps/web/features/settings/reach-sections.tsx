"use client";

import { useId } from "react";
import { Field, Input } from "@/lib/ui/input";
import { useI18n } from "@/features/i18n";
import { ChoiceRow, ErrorOf, SELECT, Section } from "./reach-controls";
import { ESCALATION_SHARES } from "./reach-form";
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

/**
 * When a team approval the person's agent asked for goes to its policy's escalation teams:
 * never earlier than the policy says, or once a share of its time is left. The hint says that
 * only team approvals have anyone to escalate to.
 */
function EscalateField({ form, errors, disabled, onChange }: SectionProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const shares = ESCALATION_SHARES.some((share) => share === form.escalate)
    ? ESCALATION_SHARES
    : [...ESCALATION_SHARES, form.escalate].filter((share) => share !== "never");
  const percent = new Intl.NumberFormat(locale, { style: "percent" });
  const error = errors["routing.escalateAtShareLeft"];
  return (
    <Field label={t("reach.escalate")} htmlFor={id}>
      <select
        id={id}
        data-testid="escalate-at"
        className={`${SELECT} sm:max-w-80`}
        value={form.escalate}
        disabled={disabled}
        aria-invalid={error !== undefined}
        aria-describedby={`${id}-hint${error === undefined ? "" : ` ${id}-error`}`}
        onChange={(event) => onChange({ escalate: event.target.value })}
      >
        <option value="never">{t("reach.escalateNever")}</option>
        {shares.map((share) => (
          <option key={share} value={share}>
            {t("reach.escalateAt", { share: percent.format(Number(share)) })}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("reach.escalateHint")}
      </p>
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
          <EscalateField form={form} errors={errors} disabled={!plan} onChange={onChange} />
        </div>
      )}
    </Section>
  );
}
