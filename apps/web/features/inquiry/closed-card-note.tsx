"use client";

import { useEffect, useState } from "react";
import { CircleCheck, CircleSlash } from "lucide-react";
import { translateMessage } from "@/lib/i18n/translate";
import type { Message } from "@/lib/i18n/translate";
import { Badge } from "@/lib/ui/badge";
import { Card } from "@/lib/ui/card";
import { cn } from "@/lib/ui/cn";
import { useT } from "@/features/i18n";
import { QuestionText } from "./card-layout";
import { SafeMarkdown } from "./safe-markdown";

/** Notes of an answer or an approval read as done; the rest (timed out, withdrawn) as ended. */
function isSettledByAPerson(note: Message): boolean {
  return note.key.startsWith("note.answered") || note.key.startsWith("note.approved");
}

/** The chat's line for a card that closed: how it ended, in the page's language. */
export function ClosedCardNote({ note }: { note: Message }) {
  const t = useT();
  return (
    <p
      className="text-sm font-medium text-muted-foreground"
      data-testid="inquiry-closed"
      dir="auto"
    >
      {translateMessage(t, note)}
    </p>
  );
}

/**
 * What stays in the inbox for a few seconds where a card was once another device (or the
 * hub) closed it: a card of the same width, with how it ended as its badge ("Answered on
 * Pixel 7", "Timed out", "No longer open") above the question, fading out. Nothing to answer.
 */
export function LeavingCardNote({ note, question }: { note: Message; question: string }) {
  const t = useT();
  const [fading, setFading] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setFading(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  const Icon = isSettledByAPerson(note) ? CircleCheck : CircleSlash;
  return (
    <Card
      data-testid="inquiry-withdrawn-note"
      className={cn(
        "grid w-full min-w-0 gap-2 p-4 transition-opacity delay-3500 duration-1500 ease-in motion-reduce:opacity-100",
        fading ? "opacity-0" : "opacity-100",
      )}
    >
      <Badge tone={isSettledByAPerson(note) ? "success" : "neutral"} className="w-fit">
        <Icon className="size-3.5" aria-hidden />
        {translateMessage(t, note)}
      </Badge>
      <QuestionText className="line-clamp-2 text-sm text-muted-foreground">
        <SafeMarkdown>{question}</SafeMarkdown>
      </QuestionText>
    </Card>
  );
}
