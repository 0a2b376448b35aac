"use client";

import { useState } from "react";
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { HistoryFilter, HistoryItem } from "@inquiry-hub/protocol";
import { useLeaveToLoginOnUnauthorized } from "@/features/auth";
import { useT } from "@/features/i18n";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { STATUS_LABELS, describeOutcome, describeResolution } from "./describe-history";
import "./history.css";
import { fetchHistoryPage } from "./history-client";
import { HistoryFilters } from "./history-filters";
import { ReceiptText } from "@/features/receipts";

function HistoryRow({ item }: { item: HistoryItem }) {
  const t = useT();
  const outcome = describeOutcome(item);
  const resolution = describeResolution(item, t);
  return (
    <li className="history-row" data-testid="history-row" data-inquiry-id={item.id}>
      <Link href={`/history/${item.id}`} className="history-row__link">
        <span className="history-row__question">{item.question}</span>
        <span className="history-row__meta">
          <span className={`badge badge--${item.status}`}>{t(STATUS_LABELS[item.status])}</span>
          {item.approval !== undefined && (
            <span className="badge">{t("history.tool", { tool: item.approval.tool })}</span>
          )}
          {outcome !== undefined && <span data-testid="history-outcome">“{outcome}”</span>}
          {resolution !== undefined && <span data-testid="history-resolution">{resolution}</span>}
          <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString()}</time>
          {item.receipts !== undefined && item.receipts.length > 0 && (
            <span data-testid="history-receipts">
              <ReceiptText receipts={item.receipts} />
            </span>
          )}
          {item.failedDeliveries > 0 && (
            <span className="badge badge--warning">{t("history.deliveryFailed")}</span>
          )}
        </span>
      </Link>
    </li>
  );
}

/**
 * The person's past questions and approvals, newest first: searchable, filterable by status,
 * tool, device and date, and exportable with the same filters.
 */
export function HistoryView() {
  const t = useT();
  const [filter, setFilter] = useState<HistoryFilter>({});
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } =
    useInfiniteQuery({
      queryKey: queryKeys.historyPage(filter),
      queryFn: ({ pageParam }) => fetchHistoryPage(filter, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextBefore,
    });

  useLeaveToLoginOnUnauthorized(error);

  const items = data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <main className="history">
      <h1>{t("nav.history")}</h1>
      <HistoryFilters filter={filter} onChange={setFilter} />
      {isPending && <p className="hint">{t("common.loading")}</p>}
      {error !== null && (
        <p role="alert" className="error">
          {describeApiError(error, t, "history.loadFailed", { unreachable: "history.unreachable" })}
        </p>
      )}
      {data !== undefined && items.length === 0 && <p className="hint">{t("history.empty")}</p>}
      <ul className="history-list">
        {items.map((item) => (
          <HistoryRow key={item.id} item={item} />
        ))}
      </ul>
      {hasNextPage && (
        <button
          type="button"
          className="button--secondary"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {t("history.loadMore")}
        </button>
      )}
    </main>
  );
}
