"use client";

import type { InquiryOpenedMeta } from "@inquiry-hub/protocol";
import { useT } from "@/features/i18n";
import { SafeMarkdown } from "@/features/inquiry";

/**
 * A question of the live turn while nothing proves it is still asked: the run's stream is
 * lost and being re-attached, or the hub's pending list is not known yet. It shows what was
 * asked and says so, with nothing to answer.
 */
export function HeldInquiryCard({ inquiry }: { inquiry: InquiryOpenedMeta }) {
  const t = useT();
  return (
    <article className="inquiry-card inquiry-card--closed" data-testid="held-card" aria-busy>
      <div className="inquiry-card__question" dir="auto">
        <SafeMarkdown>{inquiry.question}</SafeMarkdown>
      </div>
      <p className="hint" role="status">
        {t("chat.reconnecting")}
      </p>
    </article>
  );
}
