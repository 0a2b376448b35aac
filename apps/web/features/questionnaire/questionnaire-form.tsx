"use client";

import { useState } from "react";
import type { Question, QuestionValue } from "@inquiry-hub/protocol";
import { Button } from "@/lib/ui/button";
import { useT } from "@/features/i18n";
import { draftToValues, emptyDraft } from "./form-values";
import { QuestionField } from "./question-field";

export interface QuestionnaireFormProps {
  questions: readonly Question[];
  disabled: boolean;
  onSubmit: (values: Record<string, QuestionValue>) => void;
}

/**
 * A questionnaire from `send_inquiry`'s `questions`, one labelled input per question (text,
 * number, yes/no checkbox, a select for one choice, checkboxes for several). Submits the
 * values keyed by question id; the hub checks them and names any question it refuses. Its
 * submit button takes a card button's size (a thumb's 44 px, full width on a phone).
 */
export function QuestionnaireForm({ questions, disabled, onSubmit }: QuestionnaireFormProps) {
  const t = useT();
  const [draft, setDraft] = useState(() => emptyDraft(questions));
  return (
    <form
      className="grid gap-4"
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
      <Button type="submit" className="min-h-11 w-full sm:min-h-10 sm:w-auto" disabled={disabled}>
        {t("questionnaire.submit")}
      </Button>
    </form>
  );
}
