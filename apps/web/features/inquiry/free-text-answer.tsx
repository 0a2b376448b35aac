"use client";

import { useId, useState } from "react";
import { useT } from "@/features/i18n";
import { answerTemplate, markdownQuestionList } from "./markdown-questions";

export interface FreeTextAnswerProps {
  question: string;
  suggestedAnswer?: string | undefined;
  disabled: boolean;
  onSubmit: (response: string) => void;
}

/**
 * The typed answer of a question card. A prompt holding a markdown list of questions gets a
 * markdown editor pre-filled with them, so the person answers under each and the agent gets
 * questions and answers back together; any other prompt gets one line, pre-filled with the
 * agent's suggested answer when it gave one, ready to edit.
 */
export function FreeTextAnswer({
  question,
  suggestedAnswer,
  disabled,
  onSubmit,
}: FreeTextAnswerProps) {
  const t = useT();
  const listed = markdownQuestionList(question);
  const [answer, setAnswer] = useState(
    () => suggestedAnswer ?? (listed === undefined ? "" : answerTemplate(listed)),
  );
  const inputId = useId();

  return (
    <form
      className="inquiry-card__answer"
      onSubmit={(event) => {
        event.preventDefault();
        const response = listed === undefined ? answer.trim() : answer.trimEnd();
        if (response.trim() !== "") onSubmit(response);
      }}
    >
      <label htmlFor={inputId}>
        {t(listed === undefined ? "card.yourAnswer" : "card.yourAnswers")}
      </label>
      <div className="inquiry-card__answer-row">
        {listed === undefined ? (
          <input
            id={inputId}
            type="text"
            dir="auto"
            value={answer}
            autoComplete="off"
            disabled={disabled}
            onChange={(event) => setAnswer(event.target.value)}
          />
        ) : (
          <textarea
            id={inputId}
            className="inquiry-card__markdown"
            dir="auto"
            value={answer}
            rows={Math.min(16, answer.split("\n").length + 1)}
            disabled={disabled}
            onChange={(event) => setAnswer(event.target.value)}
          />
        )}
        <button type="submit" disabled={disabled}>
          {t(listed === undefined ? "card.answer" : "card.sendAnswers")}
        </button>
      </div>
    </form>
  );
}
