"use client";

import Link from "next/link";
import { Pencil, TriangleAlert } from "lucide-react";
import type { HistoryItem } from "@inquiry-hub/protocol";
import { useI18n } from "@/features/i18n";
import { ReceiptText } from "@/features/receipts";
import { Badge } from "@/lib/ui/badge";
import { changedArgumentNames, summarizeArguments } from "@/features/approval";
import { DecisionBadges } from "./decision-badges";
import { describeOutcome, describeResolution } from "./describe-history";
import { formatDateTime } from "./format-history";
import { markdownToText } from "./plain-text";

type Approval = NonNullable<HistoryItem["approval"]>;

/** The row's headline: the question as plain text, or the tool and its server. */
function RowTitle({ item }: { item: HistoryItem }) {
  if (item.approval === undefined)
    return (
      <p className="line-clamp-2 min-w-0 font-medium break-words" data-testid="history-question">
        {markdownToText(item.question)}
      </p>
    );
  return (
    <p className="flex min-w-0 items-baseline gap-2">
      <span className="truncate font-mono text-[0.95rem] font-semibold" data-testid="history-tool">
        {item.approval.tool}
      </span>
      <span className="truncate text-xs text-muted-foreground">{item.approval.upstream}</span>
    </p>
  );
}

/** What the call ran with, in one line, and which arguments the person edited. */
function RanArguments({ approval }: { approval: Approval }) {
  const { t } = useI18n();
  const ran = approval.editedArguments ?? approval.arguments;
  const edited =
    approval.editedArguments === undefined
      ? []
      : changedArgumentNames(approval.arguments, approval.editedArguments);
  return (
    <>
      <p
        className="truncate font-mono text-xs text-muted-foreground"
        data-testid="history-arguments"
      >
        {summarizeArguments(ran) || t("history.noArguments")}
      </p>
      {edited.length > 0 && (
        <p className="flex items-center gap-1 text-xs text-accent-foreground">
          <Pencil aria-hidden className="size-3" />
          {t("history.editedNames", { names: edited.join(", ") })}
        </p>
      )}
    </>
  );
}

/**
 * One past question or approval: what was asked (or which tool with which arguments), how it
 * ended and who decided on which device, when, and where it was delivered.
 */
export function HistoryRow({ item }: { item: HistoryItem }) {
  const { t, locale } = useI18n();
  const outcome = describeOutcome(item);
  const resolution = describeResolution(item, t, locale);
  return (
    <li data-testid="history-row" data-inquiry-id={item.id}>
      <Link
        href={`/history/${item.id}`}
        className="grid min-w-0 gap-1 rounded-xl border bg-card p-3 text-card-foreground shadow-xs transition-colors hover:border-primary sm:p-4"
      >
        <div className="flex items-start justify-between gap-3">
          <RowTitle item={item} />
          <time dateTime={item.createdAt} className="shrink-0 pt-0.5 text-xs text-muted-foreground">
            {formatDateTime(item.createdAt, locale)}
          </time>
        </div>
        {item.approval !== undefined && <RanArguments approval={item.approval} />}
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <DecisionBadges item={item} />
          {outcome !== undefined && (
            <span className="min-w-0 truncate text-foreground" data-testid="history-outcome">
              “{outcome}”
            </span>
          )}
          {resolution !== undefined && <span data-testid="history-resolution">{resolution}</span>}
          {item.failedDeliveries > 0 && (
            <Badge tone="danger">
              <TriangleAlert aria-hidden className="size-3" />
              {t("history.deliveryFailed")}
            </Badge>
          )}
        </div>
        {item.receipts !== undefined && item.receipts.length > 0 && (
          <p data-testid="history-receipts" className="text-xs text-muted-foreground">
            <ReceiptText receipts={item.receipts} />
          </p>
        )}
      </Link>
    </li>
  );
}
