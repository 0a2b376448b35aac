"use client";

import { useId, useState } from "react";
import { Button } from "@/lib/ui/button";
import { Input, Label, Textarea } from "@/lib/ui/input";
import { useT } from "@/features/i18n";
import { CARD_BUTTON } from "./card-layout";
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
      className="grid gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        const response = listed === undefined ? answer.trim() : answer.trimEnd();
        if (response.trim() !== "") onSubmit(response);
      }}
    >
      <Label htmlFor={inputId}>
        {t(listed === undefined ? "card.yourAnswer" : "card.yourAnswers")}
      </Label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        {listed === undefined ? (
          <Input
            id={inputId}
            type="text"
            dir="auto"
            className="min-h-11 sm:min-h-10"
            value={answer}
            autoComplete="off"
            disabled={disabled}
            onChange={(event) => setAnswer(event.target.value)}
          />
        ) : (
          <Textarea
            id={inputId}
            className="min-h-24 font-mono"
            dir="auto"
            value={answer}
            rows={Math.min(16, answer.split("\n").length + 1)}
            disabled={disabled}
            onChange={(event) => setAnswer(event.target.value)}
          />
        )}
        <Button type="submit" className={CARD_BUTTON} disabled={disabled}>
          {t(listed === undefined ? "card.answer" : "card.sendAnswers")}
        </Button>
      </div>
    </form>
  );
}
