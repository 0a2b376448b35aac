"use client";

import { useQuery } from "@tanstack/react-query";
import { MessageCircleQuestion, ShieldCheck } from "lucide-react";
import type { InquiryOpenedMeta } from "@inquiry-hub/protocol";
import type { Message } from "@/lib/i18n/translate";
import { queryKeys } from "@/lib/client/query-keys";
import { ArgumentsTable } from "@/features/approval";
import { fetchHistoryDetail } from "@/features/history";
import { useT } from "@/features/i18n";
import { ClosedCardNote, QuestionText, SafeMarkdown } from "@/features/inquiry";
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
  const Icon = approval === undefined ? MessageCircleQuestion : ShieldCheck;

  return (
    <article
      className="grid w-full min-w-0 gap-2 rounded-xl border border-dashed border-input bg-card/60 p-4 text-card-foreground [overflow-wrap:anywhere]"
      data-testid="closed-card"
    >
      <p className="flex items-center gap-2 text-xs font-medium tracking-wide text-muted-foreground uppercase">
        <Icon className="size-4" aria-hidden />
        {t(approval === undefined ? "outcome.asked" : "outcome.approval")}
      </p>
      {approval === undefined ? (
        <QuestionText>
          <SafeMarkdown>{inquiry.question}</SafeMarkdown>
        </QuestionText>
      ) : (
        <p dir="auto" data-testid="approval-description">
          <code className="rounded-md bg-muted px-1.5 py-0.5 font-mono text-sm">
            {approval.tool}
          </code>{" "}
          <span className="text-sm text-muted-foreground">
            {t("approval.via", { upstream: approval.upstream })}
          </span>{" "}
          {approval.description}
        </p>
      )}
      {summary === undefined ? (
        <ClosedCardNote note={note} />
      ) : (
        <p
          className="text-sm font-medium text-muted-foreground"
          data-testid="inquiry-closed"
          dir="auto"
        >
          {summary.line}
        </p>
      )}
      {summary !== undefined && summary.answers.length > 0 && (
        <ul className="grid gap-1 text-sm" data-testid="closed-card-answers">
          {summary.answers.map(({ question, answer }) => (
            <li key={question} dir="auto">
              <strong className="font-semibold">{question}</strong> {answer}
            </li>
          ))}
        </ul>
      )}
      {summary?.ranArguments !== undefined && (
        <div className="grid gap-1.5" data-testid="closed-card-arguments">
          <p className="text-sm text-muted-foreground">{t("outcome.ranArguments")}</p>
          <ArgumentsTable args={summary.ranArguments} label={t("outcome.ranArguments")} />
        </div>
      )}
    </article>
  );
}
