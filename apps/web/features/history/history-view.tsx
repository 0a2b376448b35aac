"use client";

import { useEffect, useState } from "react";
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import { InquiryStatusSchema } from "@inquiry-hub/protocol";
import type { HistoryItem, InquiryStatus } from "@inquiry-hub/protocol";
import { leaveToLogin } from "@/features/devices/socket-ticket-client";
import { STATUS_LABELS, describeOutcome, describeResolution } from "./describe-history";
import "./history.css";
import { HistoryRequestError, fetchHistoryPage } from "./history-client";

function HistoryRow({ item }: { item: HistoryItem }) {
  const outcome = describeOutcome(item);
  const resolution = describeResolution(item);
  return (
    <li className="history-row" data-testid="history-row" data-inquiry-id={item.id}>
      <Link href={`/history/${item.id}`} className="history-row__link">
        <span className="history-row__question">{item.question}</span>
        <span className="history-row__meta">
          <span className={`badge badge--${item.status}`}>{STATUS_LABELS[item.status]}</span>
          {item.approval !== undefined && <span className="badge">Tool {item.approval.tool}</span>}
          {outcome !== undefined && <span data-testid="history-outcome">“{outcome}”</span>}
          {resolution !== undefined && <span data-testid="history-resolution">{resolution}</span>}
          <time dateTime={item.createdAt}>{new Date(item.createdAt).toLocaleString()}</time>
          {item.failedDeliveries > 0 && (
            <span className="badge badge--warning">Webhook delivery failed</span>
          )}
        </span>
      </Link>
    </li>
  );
}

/** The person's past questions and approvals, newest first, filterable by status. */
export function HistoryView() {
  const [status, setStatus] = useState<InquiryStatus | undefined>(undefined);
  const { data, error, isPending, fetchNextPage, hasNextPage, isFetchingNextPage } =
    useInfiniteQuery({
      queryKey: ["history", status ?? "all"],
      queryFn: ({ pageParam }) => fetchHistoryPage(status, pageParam),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (page) => page.nextBefore,
    });

  useEffect(() => {
    if (error instanceof HistoryRequestError && error.status === 401) leaveToLogin();
  }, [error]);

  const items = data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <main className="history">
      <h1>History</h1>
      <label className="history__filter">
        Status
        <select
          value={status ?? ""}
          onChange={(event) => {
            const parsed = InquiryStatusSchema.safeParse(event.target.value);
            setStatus(parsed.success ? parsed.data : undefined);
          }}
        >
          <option value="">All</option>
          {InquiryStatusSchema.options.map((each) => (
            <option key={each} value={each}>
              {STATUS_LABELS[each]}
            </option>
          ))}
        </select>
      </label>
      {isPending && <p className="hint">Loading…</p>}
      {error !== null && (
        <p role="alert" className="error">
          {error instanceof HistoryRequestError ? error.message : "Could not load the history."}
        </p>
      )}
      {data !== undefined && items.length === 0 && <p className="hint">Nothing here yet.</p>}
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
          Load more
        </button>
      )}
    </main>
  );
}
