"use client";

import { useState } from "react";
import { toOpenedMeta } from "@inquiry-hub/protocol";
import type { AnswerBody, Inquiry } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { useT } from "@/features/i18n";
import type { AnswerOutcome } from "@/features/live";
import { noteForOutcome } from "@/features/live";
import { PendingQuestionCard } from "./pending-question-card";
import "./approval.css";

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
    <section className="approval-run" aria-label={t("run.region")} data-testid="approval-run">
      <div className="approval-run__header">
        <span>{t("run.count", { count: inquiries.length })}</span>
        {approvable.length > 1 && (
          <button type="button" disabled={sending} onClick={() => void approveAll()}>
            {t("run.approveAll")}
          </button>
        )}
      </div>
      {failed > 0 && (
        <p role="alert" className="error">
          {failed === 1 ? t("run.oneFailed") : t("run.manyFailed", { count: failed })}
        </p>
      )}
      <ol className="inbox__list">
        {inquiries.map((inquiry) => (
          <li key={inquiry.id}>
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
