"use client";

import { LoaderCircle } from "lucide-react";
import type { InquiryOpenedMeta } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import { QuestionText, SafeMarkdown } from "@/features/inquiry";

/**
 * A question of the live turn while nothing proves it is still asked: the run's stream is
 * lost and being re-attached, or the hub's pending list is not known yet. It shows what was
 * asked and says so, with nothing to answer, as wide as the card it stands for.
 */
export function HeldInquiryCard({ inquiry }: { inquiry: InquiryOpenedMeta }) {
  const t = useT();
  return (
    <article
      className="grid w-full min-w-0 gap-2 rounded-xl border border-dashed border-input bg-card/60 p-4 [overflow-wrap:anywhere]"
      data-testid="held-card"
      aria-busy
    >
      <QuestionText>
        <SafeMarkdown>{inquiry.question}</SafeMarkdown>
      </QuestionText>
      <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
        <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden />
        {t("chat.reconnecting")}
      </p>
    </article>
  );
}
