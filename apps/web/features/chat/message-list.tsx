"use client";

import type { AnswerBody } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { useT } from "../i18n/i18n-provider";
import type { AnswerOutcome } from "../inquiry/answer-inquiry";
import { ClosedInquiryCard } from "../inquiry/closed-inquiry-card";
import { PendingQuestionCard } from "../inquiry/pending-question-card";
import type { ChatItem } from "./chat-state";

export interface MessageListProps {
  items: readonly ChatItem[];
  streaming: boolean;
  onAnswer: (inquiryId: string, body: AnswerBody) => Promise<AnswerOutcome>;
  onInquirySettled: (inquiryId: string, note: Message) => void;
}

function renderItem(
  item: ChatItem,
  { onAnswer, onInquirySettled }: Pick<MessageListProps, "onAnswer" | "onInquirySettled">,
) {
  switch (item.kind) {
    case "user":
      return (
        <div className="message message--user" dir="auto">
          {item.text}
        </div>
      );
    case "assistant":
      return (
        <div className="message message--assistant" data-testid="assistant-message" dir="auto">
          {item.text}
        </div>
      );
    case "inquiry":
      return item.closedNote === undefined ? (
        <PendingQuestionCard
          inquiry={item.inquiry}
          onAnswer={(body) => onAnswer(item.inquiry.inquiryId, body)}
          onClose={(note) => onInquirySettled(item.inquiry.inquiryId, note)}
        />
      ) : (
        <ClosedInquiryCard inquiry={item.inquiry} note={item.closedNote} />
      );
    case "error":
      return (
        <p role="alert" className="error" data-testid="error-message">
          {item.message}
        </p>
      );
  }
}

/** The conversation, oldest first, with question cards inline where the agent asked. */
export function MessageList({ items, streaming, onAnswer, onInquirySettled }: MessageListProps) {
  const t = useT();
  return (
    <section className="message-list" aria-label={t("chat.conversation")}>
      {items.length === 0 && <p className="hint">{t("chat.empty")}</p>}
      <ol>
        {items.map((item) => (
          <li key={item.key}>{renderItem(item, { onAnswer, onInquirySettled })}</li>
        ))}
      </ol>
      {streaming && (
        <p className="hint" role="status">
          {t("chat.working")}
        </p>
      )}
    </section>
  );
}
