"use client";

import Link from "next/link";
import { ArrowLeft } from "lucide-react";
import { useQuery } from "@tanstack/react-query";
import type { HistoryItem } from "@inquiry-hub/protocol";
import { RiskLabel } from "@/features/approval";
import { useI18n } from "@/features/i18n";
import { SafeMarkdown } from "@/features/inquiry";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import type { Translate } from "@/lib/i18n/translate";
import { Button } from "@/lib/ui/button";
import { Card } from "@/lib/ui/card";
import { FieldError } from "@/lib/ui/input";
import { ArgumentsComparison } from "./arguments-comparison";
import { DecisionBadges } from "./decision-badges";
import { askedSomeone, describeOutcome, formatDuration } from "./describe-history";
import { formatDateTime } from "./format-history";
import { fetchHistoryDetail } from "./history-client";
import {
  AuditEntry,
  DeliveryEntry,
  ReceiptEntry,
  TimelineSection,
  VoteEntry,
} from "./history-timeline";
import { markdownToText } from "./plain-text";

/** Who decided, as the facts list names them: "You, on Pixel 7", "YOLO, without asking", "Nobody". */
function deciderName(item: HistoryItem, t: Translate): string | undefined {
  switch (item.decidedBy) {
    case null:
      return undefined;
    case "person":
      return item.byDeviceName === null
        ? t("history.you")
        : t("history.youOn", { device: item.byDeviceName });
    case "yolo":
      return t("history.yoloWho");
    case "rule":
      return t("history.byRuleNamed", { name: item.byRule?.name ?? "" });
    case "nobody":
      return t("history.nobody");
  }
}

/** Label and value pairs under the headline; pairs without a value are left out. */
function Facts({ item }: { item: HistoryItem }) {
  const { t, locale } = useI18n();
  const facts: [string, string | undefined, string?][] = [
    [t("history.decided"), deciderName(item, t), "history-decided-by"],
    [
      t("history.took"),
      item.durationMs === null || !askedSomeone(item)
        ? undefined
        : formatDuration(item.durationMs, t, locale),
    ],
    [t("history.askedAt"), formatDateTime(item.createdAt, locale)],
    [
      t("history.decidedAt"),
      item.resolvedAt === null ? undefined : formatDateTime(item.resolvedAt, locale),
    ],
    [t("history.server"), item.approval?.upstream],
    [t("history.runId"), item.approval?.runId],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
      {facts.flatMap(([label, value, testId]) =>
        value === undefined
          ? []
          : [
              <dt key={`${label}-term`} className="text-muted-foreground">
                {label}
              </dt>,
              <dd key={`${label}-value`} className="min-w-0 break-words" data-testid={testId}>
                {value}
              </dd>,
            ],
      )}
    </dl>
  );
}

/** The headline: the tool and what it was for, or the question itself. */
function Headline({ item }: { item: HistoryItem }) {
  const { t } = useI18n();
  const approval = item.approval;
  if (approval !== undefined)
    return (
      <div className="grid gap-1">
        {approval.risk !== undefined && <RiskLabel risk={approval.risk} />}
        <h1 className="font-mono text-xl font-semibold break-words">{approval.tool}</h1>
        <p className="text-sm text-muted-foreground">{markdownToText(approval.description)}</p>
      </div>
    );
  const text = markdownToText(item.question);
  return (
    <div className="grid gap-2">
      <h1 className="line-clamp-3 text-xl font-semibold break-words">{text}</h1>
      {(text.length > 120 || item.question.includes("\n")) && (
        <section className="grid gap-1 rounded-lg bg-muted p-3 text-sm break-words">
          <h2 className="text-xs font-medium text-muted-foreground">{t("history.question")}</h2>
          <SafeMarkdown>{item.question}</SafeMarkdown>
        </section>
      )}
    </div>
  );
}

/** One inquiry: what was asked, how it ended and who decided, the arguments, every event. */
export function HistoryDetailView({ id }: { id: string }) {
  const { t } = useI18n();
  const { data, error, isPending } = useQuery({
    queryKey: queryKeys.historyDetail(id),
    queryFn: () => fetchHistoryDetail(id),
  });
  const item = data?.item;
  const outcome = item === undefined ? undefined : describeOutcome(item);

  return (
    <main className="mx-auto grid w-full max-w-3xl min-w-0 content-start gap-4 px-3 py-4 sm:px-6 sm:py-6">
      <Button asChild variant="ghost" size="sm" className="justify-self-start">
        <Link href="/history">
          <ArrowLeft aria-hidden />
          {t("history.backToList")}
        </Link>
      </Button>
      {isPending && <p className="text-sm text-muted-foreground">{t("common.loading")}</p>}
      {error !== null && (
        <FieldError>
          {describeApiError(error, t, "history.detailLoadFailed", {
            unreachable: "history.unreachable",
          })}
        </FieldError>
      )}
      {data !== undefined && item !== undefined && (
        <>
          <Card className="grid gap-4 p-4 sm:p-6">
            <Headline item={item} />
            <div
              data-testid="history-detail-status"
              className="flex flex-wrap items-center gap-2 text-sm"
            >
              <DecisionBadges item={item} withRisk={false} />
              {outcome !== undefined && <span className="break-words">“{outcome}”</span>}
            </div>
            <Facts item={item} />
          </Card>
          {item.approval !== undefined && (
            <Card className="grid gap-3 p-4 sm:p-6">
              <h2 className="text-sm font-semibold">{t("history.arguments")}</h2>
              <ArgumentsComparison approval={item.approval} />
            </Card>
          )}
          <Card className="grid gap-5 p-4 sm:p-6">
            <TimelineSection title={t("history.audit")}>
              {data.audit.map((entry) => (
                <AuditEntry key={`${entry.at}-${entry.to}`} entry={entry} />
              ))}
            </TimelineSection>
            {data.votes !== undefined && data.votes.length > 0 && (
              <TimelineSection title={t("history.votes")}>
                {data.votes.map((vote) => (
                  <VoteEntry key={vote.userId} vote={vote} />
                ))}
              </TimelineSection>
            )}
            {item.receipts !== undefined && item.receipts.length > 0 && (
              <TimelineSection title={t("receipts.region")}>
                {item.receipts.map((receipt) => (
                  <ReceiptEntry
                    key={`${receipt.kind}-${receipt.channel}-${receipt.targetId}`}
                    receipt={receipt}
                  />
                ))}
              </TimelineSection>
            )}
            {data.deliveries.length > 0 && (
              <TimelineSection title={t("history.deliveries")}>
                {data.deliveries.map((attempt) => (
                  <DeliveryEntry
                    key={`${attempt.at}-${attempt.purpose}-${attempt.attempt}`}
                    attempt={attempt}
                  />
                ))}
              </TimelineSection>
            )}
          </Card>
        </>
      )}
    </main>
  );
}
