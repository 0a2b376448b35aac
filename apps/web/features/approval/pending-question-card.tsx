"use client";

import type { AnswerBody, InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { ApprovalCard } from "./approval-card";
import type { AnswerOutcome } from "@/features/live";
import { InquiryCard } from "@/features/inquiry";

export interface PendingQuestionCardProps {
  inquiry: InquiryOpenedMeta;
  onAnswer: (body: AnswerBody) => Promise<AnswerOutcome>;
  onClose: (note: Message) => void;
}

/**
 * Picks the card for anything the agent waits on, wherever it shows (chat inline, inbox):
 * an ApprovalCard when the inquiry carries a tool call to approve, an InquiryCard otherwise.
 */
export function PendingQuestionCard({ inquiry, onAnswer, onClose }: PendingQuestionCardProps) {
  if (inquiry.type === "APPROVAL" && inquiry.approval !== undefined)
    return (
      <ApprovalCard
        inquiry={inquiry}
        approval={inquiry.approval}
        onAnswer={onAnswer}
        onClose={onClose}
      />
    );
  return <InquiryCard inquiry={inquiry} onAnswer={onAnswer} onClose={onClose} />;
}
