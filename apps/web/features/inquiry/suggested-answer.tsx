"use client";

import { Sparkles } from "lucide-react";
import { Button } from "@/lib/ui/button";
import { useT } from "@/features/i18n";
import { CARD_BUTTON } from "./card-layout";

/** The agent's suggested answer (or the assistant's draft), sent as it is with one press. */
export function SuggestedAnswer({
  answer,
  byAssistant,
  disabled,
  onUse,
}: {
  answer: string;
  byAssistant: boolean;
  disabled: boolean;
  onUse: (answer: string) => void;
}) {
  const t = useT();
  return (
    <div
      className="flex flex-col gap-2 rounded-lg bg-muted p-3 sm:flex-row sm:items-center sm:justify-between"
      data-testid="suggested-answer"
    >
      <p className="min-w-0 text-sm">
        {t("card.suggested")}{" "}
        <strong dir="auto" className="font-semibold">
          {answer}
        </strong>
        {byAssistant && (
          <>
            {" "}
            <em data-testid="suggested-by-assistant" className="text-muted-foreground">
              <Sparkles className="mr-0.5 inline size-3.5 align-[-2px]" aria-hidden />
              {t("card.draftedByAssistant")}
            </em>
          </>
        )}
      </p>
      <Button
        type="button"
        variant="secondary"
        className={CARD_BUTTON}
        disabled={disabled}
        onClick={() => onUse(answer)}
      >
        {t("card.useSuggested")}
      </Button>
    </div>
  );
}
