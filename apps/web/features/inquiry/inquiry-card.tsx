"use client";

import { useEffect, useRef } from "react";
import { MessageCircleQuestion } from "lucide-react";
import type { AnswerBody, InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { Button } from "@/lib/ui/button";
import { useAnnounceOnMount } from "@/features/a11y";
import { useT } from "@/features/i18n";
import { QuestionnaireForm } from "@/features/questionnaire";
import type { AnswerOutcome } from "@/features/live";
import { CARD_BUTTON, CardActions, QuestionText } from "./card-layout";
import { CardShell } from "./card-shell";
import { FreeTextAnswer } from "./free-text-answer";
import { SafeMarkdown } from "./safe-markdown";
import { SuggestedAnswer } from "./suggested-answer";
import { useCardAnswer } from "./use-card-answer";
import { useExpiryWarning } from "./use-expiry-warning";

export interface InquiryCardProps {
  /** The question: as the chat stream opened it, or `toOpenedMeta` of a hub inquiry. */
  inquiry: InquiryOpenedMeta;
  /**
   * Sends this card's answer (over the socket or HTTP). Resolves to the outcome; throws an
   * ApiClientError for a failure the person may retry.
   */
  onAnswer: (body: AnswerBody) => Promise<AnswerOutcome>;
  /** Called once the card's own answer settled the inquiry (or found it settled). */
  onClose: (note: Message) => void;
}

/** What a screen reader hears when a card appears: the question, cut to a sentence or two. */
const ANNOUNCED_QUESTION_LENGTH = 200;

/**
 * A question from the agent, answerable once: an option, the suggested answer, a free-text
 * (or markdown) answer, a questionnaire form, "Let the assistant answer", a decline, or,
 * when the countdown reaches zero, an automatic `timeout`. Every device counts down to the
 * same `expiresAt`; when several reach zero together the hub takes the first `timeout` and
 * the others' 409 closes them quietly. The parent removes the card when the inquiry closes
 * by any route (this card, another device, the end of the stream). Its arrival is announced
 * politely; focus stays where the person is typing.
 */
export function InquiryCard({ inquiry, onAnswer, onClose }: InquiryCardProps) {
  const t = useT();
  useAnnounceOnMount(
    t("announce.question", { question: inquiry.question.slice(0, ANNOUNCED_QUESTION_LENGTH) }),
  );
  const { send, isPending, problem, left, expired, disabled } = useCardAnswer(
    inquiry.expiresAt,
    onAnswer,
    onClose,
    "card.sendFailed",
  );
  const expiring = useExpiryWarning(inquiry.inquiryId, inquiry.expiresAt, left);
  const timeoutSent = useRef(false);

  useEffect(() => {
    if (!expired || timeoutSent.current) return;
    timeoutSent.current = true;
    send({ action: "timeout" });
  }, [expired, send]);

  const options = inquiry.options ?? [];

  return (
    <CardShell
      testId="inquiry-card"
      label={t("card.region")}
      kind={t(inquiry.type === "APPROVAL" ? "card.approvalNeeded" : "card.asks")}
      icon={MessageCircleQuestion}
      busy={isPending}
      left={left}
      problem={problem}
      expiring={expiring}
      inquiryId={inquiry.inquiryId}
    >
      <QuestionText className="text-base">
        <SafeMarkdown>{inquiry.question}</SafeMarkdown>
      </QuestionText>
      {(options.length > 0 || inquiry.type === "APPROVAL") && (
        <CardActions>
          {inquiry.type === "APPROVAL" && (
            <Button
              type="button"
              className={CARD_BUTTON}
              disabled={disabled}
              onClick={() => send({ action: "approve" })}
            >
              {t("card.approve")}
            </Button>
          )}
          {options.map((option) => (
            <Button
              key={option}
              type="button"
              variant="secondary"
              className={`${CARD_BUTTON} h-auto whitespace-normal`}
              dir="auto"
              disabled={disabled}
              onClick={() => send({ action: "answer", response: option })}
            >
              {option}
            </Button>
          ))}
        </CardActions>
      )}
      {inquiry.suggestedAnswer !== undefined && inquiry.questions === undefined && (
        <SuggestedAnswer
          answer={inquiry.suggestedAnswer}
          byAssistant={inquiry.suggestedBy === "assistant"}
          disabled={disabled}
          onUse={(response) => send({ action: "answer", response })}
        />
      )}
      {inquiry.questions === undefined ? (
        <FreeTextAnswer
          question={inquiry.question}
          suggestedAnswer={inquiry.suggestedAnswer}
          disabled={disabled}
          onSubmit={(response) => send({ action: "answer", response })}
        />
      ) : (
        <QuestionnaireForm
          questions={inquiry.questions}
          disabled={disabled}
          onSubmit={(values) => send({ action: "answer", values })}
        />
      )}
      <CardActions className="border-t pt-3">
        {inquiry.type === "INQUIRY" && (
          <Button
            type="button"
            variant="secondary"
            className={CARD_BUTTON}
            disabled={disabled}
            onClick={() => send({ action: "delegate" })}
          >
            {t("card.delegate")}
          </Button>
        )}
        <Button
          type="button"
          variant="ghost"
          className={CARD_BUTTON}
          disabled={disabled}
          onClick={() => send({ action: "reject" })}
        >
          {t("card.decline")}
        </Button>
      </CardActions>
    </CardShell>
  );
}
