"use client";

import { useId } from "react";
import type { Question } from "@inquiry-hub/protocol";
import { Input, Label } from "@/lib/ui/input";
import { useT } from "@/features/i18n";
import type { DraftValue } from "./form-values";

const CHECK_ROW = "flex min-h-11 cursor-pointer items-center gap-3 sm:min-h-9";
const CHECKBOX = "size-5 shrink-0 accent-primary";
const SELECT =
  "min-h-11 w-full min-w-0 rounded-lg border border-input bg-card px-3 py-2 text-base text-foreground disabled:opacity-55 sm:min-h-10 sm:text-sm";

/** One question of a questionnaire as the input its kind needs, labelled with its text. */
export function QuestionField({
  question,
  value,
  disabled,
  onChange,
}: {
  question: Question;
  value: DraftValue | undefined;
  disabled: boolean;
  onChange: (value: DraftValue) => void;
}) {
  const id = useId();
  const t = useT();
  const required = question.required === true;
  const label = required ? t("questionnaire.required", { label: question.text }) : question.text;
  switch (question.kind) {
    case "boolean":
      return (
        <label className={CHECK_ROW} dir="auto">
          <input
            type="checkbox"
            className={CHECKBOX}
            checked={value === true}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
          />
          <span className="text-sm font-medium">{label}</span>
        </label>
      );
    case "multi_choice": {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="grid gap-1">
          <legend className="mb-1 text-sm font-medium" dir="auto">
            {label}
          </legend>
          {(question.options ?? []).map((option) => (
            <label key={option} className={CHECK_ROW} dir="auto">
              <input
                type="checkbox"
                className={CHECKBOX}
                checked={chosen.includes(option)}
                disabled={disabled}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...chosen, option]
                      : chosen.filter((each) => each !== option),
                  )
                }
              />
              <span className="text-sm">{option}</span>
            </label>
          ))}
        </fieldset>
      );
    }
    case "single_choice":
      return (
        <div className="grid gap-1.5">
          <Label htmlFor={id} dir="auto">
            {label}
          </Label>
          <select
            id={id}
            className={SELECT}
            value={typeof value === "string" ? value : ""}
            required={required}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
          >
            <option value="">{t("questionnaire.choose")}</option>
            {(question.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </div>
      );
    case "number":
    case "text":
      return (
        <div className="grid gap-1.5">
          <Label htmlFor={id} dir="auto">
            {label}
          </Label>
          <Input
            id={id}
            className="min-h-11 sm:min-h-10"
            type={question.kind === "number" ? "number" : "text"}
            inputMode={question.kind === "number" ? "decimal" : undefined}
            value={typeof value === "string" ? value : ""}
            required={required}
            disabled={disabled}
            autoComplete="off"
            onChange={(event) => onChange(event.target.value)}
          />
        </div>
      );
  }
}
