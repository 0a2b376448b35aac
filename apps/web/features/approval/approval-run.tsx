"use client";

import { useState } from "react";
import { CheckCheck } from "lucide-react";
import { toOpenedMeta } from "@inquiry-hub/protocol";
import type { AnswerBody, Inquiry } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { useT } from "@/features/i18n";
import type { AnswerOutcome } from "@/features/live";
import { noteForOutcome } from "@/features/live";
import { Button } from "@/lib/ui/button";
import { CARD_BUTTON, CardError } from "@/features/inquiry";
import { PendingQuestionCard } from "./pending-question-card";

export interface ApprovalRunProps {
  /** The pending approvals of one agent run, oldest first (at least two). */
  inquiries: readonly Inquiry[];
  onAnswer: (inquiryId: string, body: AnswerBody) => Promise<AnswerOutcome>;
  onClose: (inquiryId: string, note: Message) => void;
}

const APPROVE: AnswerBody = { action: "approve" };

/**
 * Parallel tool calls of one agent run, shown together: each card decidable on its own,
 * plus "Approve all" for the ones whose policy allows approving. Each approval is answered
 * separately, so one refused or already-resolved call does not stop the others.
 */
export function ApprovalRun({ inquiries, onAnswer, onClose }: ApprovalRunProps) {
  const t = useT();
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(0);
  const approvable = inquiries.filter(
    (inquiry) => inquiry.approval?.allowedDecisions.includes("approve") === true,
  );

  async function approveAll(): Promise<void> {
    setSending(true);
    const results = await Promise.all(
      approvable.map((inquiry) =>
        onAnswer(inquiry.id, APPROVE).then(
          (outcome) => {
            onClose(inquiry.id, noteForOutcome(outcome, APPROVE));
            return true;
          },
          () => false,
        ),
      ),
    );
    setFailed(results.filter((sent) => !sent).length);
    setSending(false);
  }

  return (
    <section
      className="grid w-full min-w-0 gap-3 rounded-xl border border-dashed border-input p-3"
      aria-label={t("run.region")}
      data-testid="approval-run"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <span className="text-sm font-medium">{t("run.count", { count: inquiries.length })}</span>
        {approvable.length > 1 && (
          <Button
            type="button"
            className={CARD_BUTTON}
            disabled={sending}
            onClick={() => void approveAll()}
          >
            <CheckCheck aria-hidden />
            {t("run.approveAll")}
          </Button>
        )}
      </div>
      {failed > 0 && (
        <CardError>
          {failed === 1 ? t("run.oneFailed") : t("run.manyFailed", { count: failed })}
        </CardError>
      )}
      <ol className="grid gap-3">
        {inquiries.map((inquiry) => (
          <li key={inquiry.id} className="min-w-0">
            <PendingQuestionCard
              inquiry={toOpenedMeta(inquiry)}
              onAnswer={(body) => onAnswer(inquiry.id, body)}
              onClose={(note) => onClose(inquiry.id, note)}
            />
          </li>
        ))}
      </ol>
    </section>
  );
}
