"use client";

import { useQuery } from "@tanstack/react-query";
import type { InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { queryKeys } from "@/lib/client/query-keys";
import { ArgumentsTable } from "@/features/approval";
import { fetchHistoryDetail } from "@/features/history";
import { useT } from "@/features/i18n";
import { ClosedCardNote, SafeMarkdown } from "@/features/inquiry";
import { summarizeOutcome } from "./outcome-summary";

export interface ClosedInquiryCardProps {
  /** The inquiry as the stream opened it: the question, options, questionnaire, tool call. */
  inquiry: InquiryOpenedMeta;
  /** What the chat already knows of the close; shown until the hub's record says more. */
  note: Message;
}

/**
 * A question or approval of the transcript once it closed: what was asked, and how it ended
 * as the hub recorded it (read from the inquiry's history detail, so an answer given on
 * another device reads the same as one given here). Until that record arrives, or if it
 * cannot be read, the chat's own short note stands in. Nothing here is answerable; the
 * agent's and the person's texts are laid out by their own direction (`dir="auto"`).
 */
export function ClosedInquiryCard({ inquiry, note }: ClosedInquiryCardProps) {
  const t = useT();
  const { data } = useQuery({
    queryKey: queryKeys.historyDetail(inquiry.inquiryId),
    queryFn: () => fetchHistoryDetail(inquiry.inquiryId),
  });
  const summary = data === undefined ? undefined : summarizeOutcome(inquiry, data.item, t);
  const approval = inquiry.type === "APPROVAL" ? inquiry.approval : undefined;

  return (
    <article className="inquiry-card inquiry-card--closed" data-testid="closed-card">
      <div className="inquiry-card__header">
        <span className="inquiry-card__kind">
          {t(approval === undefined ? "outcome.asked" : "outcome.approval")}
        </span>
      </div>
      {approval === undefined ? (
        <div className="inquiry-card__question" dir="auto">
          <SafeMarkdown>{inquiry.question}</SafeMarkdown>
        </div>
      ) : (
        <p className="approval-card__description" dir="auto">
          <code>{approval.tool}</code> ({approval.upstream}) {approval.description}
        </p>
      )}
      {summary === undefined ? (
        <ClosedCardNote note={note} />
      ) : (
        <p className="inquiry-closed" data-testid="inquiry-closed" dir="auto">
          {summary.line}
        </p>
      )}
      {summary !== undefined && summary.answers.length > 0 && (
        <ul className="inquiry-card__answers" data-testid="closed-card-answers">
          {summary.answers.map(({ question, answer }) => (
            <li key={question} dir="auto">
              <strong>{question}</strong> {answer}
            </li>
          ))}
        </ul>
      )}
      {summary?.ranArguments !== undefined && (
        <div data-testid="closed-card-arguments">
          <p className="hint">{t("outcome.ranArguments")}</p>
          <ArgumentsTable args={summary.ranArguments} />
        </div>
      )}
    </article>
  );
}
