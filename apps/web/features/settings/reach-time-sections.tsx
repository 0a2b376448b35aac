"use client";

import { useId, useMemo } from "react";
import { Field, Input } from "@/lib/ui/input";
import { useI18n } from "@/features/i18n";
import { ChoiceRow, ErrorOf, SELECT, Section } from "./reach-controls";
import type { SectionProps } from "./reach-sections";

/** Every IANA zone the browser knows, with `current` first kept even if it knows no such list. */
function zonesWith(current: string): string[] {
  const known = Intl.supportedValuesOf("timeZone");
  return known.includes(current) ? known : [current, ...known];
}

/** Where the person is: quiet hours and the digest's hour are read in this zone. */
export function TimeZoneSection({ form, errors, disabled, onChange }: SectionProps) {
  const { t } = useI18n();
  const id = useId();
  const zones = useMemo(() => zonesWith(form.timeZone), [form.timeZone]);
  const error = errors["quietHours.timeZone"] ?? errors["digest.timeZone"];
  return (
    <Section title={t("reach.timeZone")} hint={t("reach.timeZoneHint")}>
      <Field label={t("reach.timeZone")} htmlFor={id} className="[&>label]:sr-only">
        <select
          id={id}
          data-testid="time-zone"
          className={`${SELECT} sm:max-w-80`}
          value={form.timeZone}
          disabled={disabled}
          aria-invalid={error !== undefined}
          aria-describedby={error === undefined ? undefined : `${id}-error`}
          onChange={(event) => onChange({ timeZone: event.target.value })}
        >
          {zones.map((zone) => (
            <option key={zone} value={zone}>
              {zone}
            </option>
          ))}
        </select>
        <ErrorOf id={`${id}-error`} text={error} />
      </Field>
    </Section>
  );
}

/** A wall-clock time field of quiet hours. */
function TimeField({
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
        type="time"
        data-testid={testId}
        value={value}
        disabled={disabled}
        aria-invalid={error !== undefined}
        aria-describedby={error === undefined ? undefined : `${id}-error`}
        onChange={(event) => onChange(event.target.value)}
      />
      <ErrorOf id={`${id}-error`} text={error} />
    </Field>
  );
}

/** What a team approval asked in quiet hours does: its policy's schedule, or escalate at once. */
function DuringField({ form, errors, disabled, onChange }: SectionProps) {
  const { t } = useI18n();
  const id = useId();
  const error = errors["quietHours.during"];
  return (
    <Field label={t("reach.during")} htmlFor={id}>
      <select
        id={id}
        data-testid="quiet-during"
        className={`${SELECT} sm:max-w-80`}
        value={form.during}
        disabled={disabled}
        aria-invalid={error !== undefined}
        aria-describedby={`${id}-hint${error === undefined ? "" : ` ${id}-error`}`}
        onChange={(event) =>
          onChange({ during: event.target.value === "escalate" ? "escalate" : "wait" })
        }
      >
        <option value="wait">{t("reach.duringWait")}</option>
        <option value="escalate">{t("reach.duringEscalate")}</option>
      </select>
      <p id={`${id}-hint`} className="text-sm text-muted-foreground">
        {t("reach.duringHint")}
      </p>
      <ErrorOf id={`${id}-error`} text={error} />
    </Field>
  );
}

/** Quiet hours: push and Slack stay quiet; urgent questions still go out. */
export function QuietHoursSection({ form, errors, disabled, onChange }: SectionProps) {
  const { t } = useI18n();
  const on = form.quiet && !disabled;
  return (
    <Section title={t("reach.quietTitle")} hint={t("reach.quietHint")}>
      <ChoiceRow
        type="checkbox"
        data-testid="quiet-on"
        checked={form.quiet}
        disabled={disabled}
        onChange={(event) => onChange({ quiet: event.target.checked })}
      >
        {t("reach.quietOn")}
      </ChoiceRow>
      {form.quiet && (
        <div className="grid gap-4 border-l-2 border-border pl-3 sm:pl-4">
          <div className="grid grid-cols-2 gap-3 sm:max-w-80">
            <TimeField
              label={t("reach.quietStart")}
              testId="quiet-start"
              value={form.quietStart}
              error={errors["quietHours.start"]}
              disabled={!on}
              onChange={(quietStart) => onChange({ quietStart })}
            />
            <TimeField
              label={t("reach.quietEnd")}
              testId="quiet-end"
              value={form.quietEnd}
              error={errors["quietHours.end"]}
              disabled={!on}
              onChange={(quietEnd) => onChange({ quietEnd })}
            />
          </div>
          <DuringField form={form} errors={errors} disabled={!on} onChange={onChange} />
        </div>
      )}
    </Section>
  );
}

/** The daily digest: on or off, and its hour. */
export function DigestSection({ form, errors, disabled, onChange }: SectionProps) {
  const { t, locale } = useI18n();
  const hourId = useId();
  const hourError = errors["digest.hour"];
  const hourText = new Intl.DateTimeFormat(locale, { hour: "2-digit", minute: "2-digit" });
  return (
    <Section title={t("reach.digestTitle")} hint={t("reach.digestHint")}>
      <ChoiceRow
        type="checkbox"
        data-testid="digest-on"
        checked={form.digest}
        disabled={disabled}
        onChange={(event) => onChange({ digest: event.target.checked })}
      >
        {t("reach.digestOn")}
      </ChoiceRow>
      {form.digest && (
        <Field label={t("reach.digestHour")} htmlFor={hourId}>
          <select
            id={hourId}
            className={`${SELECT} sm:max-w-40`}
            value={form.digestHour}
            disabled={disabled}
            aria-invalid={hourError !== undefined}
            aria-describedby={hourError === undefined ? undefined : `${hourId}-error`}
            onChange={(event) => onChange({ digestHour: event.target.value })}
          >
            {Array.from({ length: 24 }, (_, hour) => (
              <option key={hour} value={String(hour)}>
                {hourText.format(new Date(2000, 0, 1, hour))}
              </option>
            ))}
          </select>
          <ErrorOf id={`${hourId}-error`} text={hourError} />
        </Field>
      )}
    </Section>
  );
}
