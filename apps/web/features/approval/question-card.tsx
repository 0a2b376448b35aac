"use client";

import type { AnswerBody, InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import type { AnswerOutcome } from "../inquiry/answer-inquiry";
import { InquiryCard } from "../inquiry/inquiry-card";
import { ApprovalCard } from "./approval-card";

export interface QuestionCardProps {
  inquiry: InquiryOpenedMeta;
  onAnswer: (body: AnswerBody) => Promise<AnswerOutcome>;
  onClose: (note: Message) => void;
}

/**
 * The card for anything the agent waits on, wherever it shows (chat inline, inbox): an
 * approval card when the inquiry carries a tool call to approve, the question card otherwise.
 */
export function QuestionCard({ inquiry, onAnswer, onClose }: QuestionCardProps) {
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
