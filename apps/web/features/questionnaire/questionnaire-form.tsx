"use client";

import { useId, useState } from "react";
import type { Question, QuestionValue } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import { draftToValues, emptyDraft } from "./form-values";
import type { DraftValue } from "./form-values";
import "./questionnaire.css";

export interface QuestionnaireFormProps {
  questions: readonly Question[];
  disabled: boolean;
  onSubmit: (values: Record<string, QuestionValue>) => void;
}

function QuestionField({
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
        <label className="questionnaire__check">
          <input
            type="checkbox"
            checked={value === true}
            disabled={disabled}
            onChange={(event) => onChange(event.target.checked)}
          />
          {label}
        </label>
      );
    case "multi_choice": {
      const chosen = Array.isArray(value) ? value : [];
      return (
        <fieldset className="questionnaire__choices">
          <legend>{label}</legend>
          {(question.options ?? []).map((option) => (
            <label key={option} className="questionnaire__check">
              <input
                type="checkbox"
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
              {option}
            </label>
          ))}
        </fieldset>
      );
    }
    case "single_choice":
      return (
        <div className="questionnaire__field">
          <label htmlFor={id}>{label}</label>
          <select
            id={id}
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
        <div className="questionnaire__field">
          <label htmlFor={id}>{label}</label>
          <input
            id={id}
            type={question.kind === "number" ? "number" : "text"}
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

/**
 * A questionnaire from `send_inquiry`'s `questions`, one labelled input per question (text,
 * number, yes/no checkbox, a select for one choice, checkboxes for several). Submits the
 * values keyed by question id; the hub checks them and names any question it refuses.
 */
export function QuestionnaireForm({ questions, disabled, onSubmit }: QuestionnaireFormProps) {
  const t = useT();
  const [draft, setDraft] = useState(() => emptyDraft(questions));
  return (
    <form
      className="questionnaire"
      data-testid="questionnaire-form"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(draftToValues(questions, draft));
      }}
    >
      {questions.map((question) => (
        <QuestionField
          key={question.id}
          question={question}
          value={draft[question.id]}
          disabled={disabled}
          onChange={(value) => setDraft((current) => ({ ...current, [question.id]: value }))}
        />
      ))}
      <button type="submit" disabled={disabled}>
        {t("questionnaire.submit")}
      </button>
    </form>
  );
}
