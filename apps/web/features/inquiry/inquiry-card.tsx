"use client";

import { useEffect, useRef } from "react";
import { useMutation } from "@tanstack/react-query";
import type { AnswerBody, InquiryOpenedMeta } from "@inquiry-hub/protocol";
import { translateMessage } from "@/lib/i18n/translate";
import type { Message } from "@/lib/i18n/translate";
import { useAnnounceOnMount } from "../a11y/announcer";
import { useT } from "../i18n/i18n-provider";
import { AnswerError } from "./answer-inquiry";
import type { AnswerOutcome } from "./answer-inquiry";
import { noteForOutcome } from "./closed-note";
import { QuestionnaireForm } from "../questionnaire/questionnaire-form";
import { formatClock } from "./format-countdown";
import { FreeTextAnswer } from "./free-text-answer";
import { SafeMarkdown } from "./safe-markdown";
import { useCountdown } from "./use-countdown";

export interface InquiryCardProps {
  /** The question: as the chat stream opened it, or `toOpenedMeta` of a hub inquiry. */
  inquiry: InquiryOpenedMeta;
  /**
   * Sends this card's answer (over the socket or HTTP). Resolves to the outcome; throws an
   * AnswerError for a failure the person may retry.
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
  const { mutate, isPending, error } = useMutation({
    mutationFn: onAnswer,
    onSuccess: (outcome, body) => onClose(noteForOutcome(outcome, body)),
  });
  const left = useCountdown(inquiry.expiresAt);
  const expired = left !== undefined && left <= 0;
  const timeoutSent = useRef(false);

  useEffect(() => {
    if (!expired || timeoutSent.current) return;
    timeoutSent.current = true;
    mutate({ action: "timeout" });
  }, [expired, mutate]);

  const disabled = isPending || expired;
  const options = inquiry.options ?? [];

  return (
    <section
      role="region"
      aria-label={t("card.region")}
      data-testid="inquiry-card"
      className="inquiry-card"
      aria-busy={isPending}
    >
      <div className="inquiry-card__header">
        <span className="inquiry-card__kind">
          {t(inquiry.type === "APPROVAL" ? "card.approvalNeeded" : "card.asks")}
        </span>
        {left !== undefined && (
          <span className="inquiry-card__countdown" data-testid="inquiry-countdown" role="timer">
            {t("card.timeLeft", { time: formatClock(left) })}
          </span>
        )}
      </div>
      <div className="inquiry-card__question">
        <SafeMarkdown>{inquiry.question}</SafeMarkdown>
      </div>
      {(options.length > 0 || inquiry.type === "APPROVAL") && (
        <div className="inquiry-card__options">
          {inquiry.type === "APPROVAL" && (
            <button type="button" disabled={disabled} onClick={() => mutate({ action: "approve" })}>
              {t("card.approve")}
            </button>
          )}
          {options.map((option) => (
            <button
              key={option}
              type="button"
              disabled={disabled}
              onClick={() => mutate({ action: "answer", response: option })}
            >
              {option}
            </button>
          ))}
        </div>
      )}
      {inquiry.suggestedAnswer !== undefined && inquiry.questions === undefined && (
        <div className="inquiry-card__suggestion" data-testid="suggested-answer">
          <span>
            {t("card.suggested")} <strong>{inquiry.suggestedAnswer}</strong>
            {inquiry.suggestedBy === "assistant" && (
              <>
                {" "}
                <em data-testid="suggested-by-assistant">{t("card.draftedByAssistant")}</em>
              </>
            )}
          </span>
          <button
            type="button"
            disabled={disabled}
            onClick={() => mutate({ action: "answer", response: inquiry.suggestedAnswer ?? "" })}
          >
            {t("card.useSuggested")}
          </button>
        </div>
      )}
      {inquiry.questions === undefined ? (
        <FreeTextAnswer
          question={inquiry.question}
          suggestedAnswer={inquiry.suggestedAnswer}
          disabled={disabled}
          onSubmit={(response) => mutate({ action: "answer", response })}
        />
      ) : (
        <QuestionnaireForm
          questions={inquiry.questions}
          disabled={disabled}
          onSubmit={(values) => mutate({ action: "answer", values })}
        />
      )}
      {inquiry.type === "INQUIRY" && (
        <button
          type="button"
          className="button--secondary"
          disabled={disabled}
          onClick={() => mutate({ action: "delegate" })}
        >
          {t("card.delegate")}
        </button>
      )}
      <button
        type="button"
        className="button--secondary"
        disabled={disabled}
        onClick={() => mutate({ action: "reject" })}
      >
        {t("card.decline")}
      </button>
      {error !== null && (
        <p role="alert" className="error" data-testid="error-message">
          {error instanceof AnswerError ? error.message : t("card.sendFailed")}
        </p>
      )}
    </section>
  );
}

/** What stays in the conversation once a card closed. Deliberately not an inquiry card. */
export function InquiryClosedNote({ note }: { note: Message }) {
  const t = useT();
  return (
    <p className="inquiry-closed" data-testid="inquiry-closed">
      {translateMessage(t, note)}
    </p>
  );
}
