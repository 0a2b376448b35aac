"use client";

import { useState } from "react";
import Link from "next/link";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { HistoryFilter } from "@inquiry-hub/protocol";
import { useLeaveToLoginOnUnauthorized } from "@/features/auth";
import { useT } from "@/features/i18n";
import { describeApiError } from "@/lib/client/describe-api-error";
import { queryKeys } from "@/lib/client/query-keys";
import { Button } from "@/lib/ui/button";
import { FieldError } from "@/lib/ui/input";
import { fetchHistoryPage } from "./history-client";
import { HistoryFilters } from "./history-filters";
import { HistoryRow } from "./history-row";

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
    <main className="mx-auto grid w-full max-w-3xl min-w-0 content-start gap-4 p-3 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-2xl font-semibold">{t("nav.history")}</h1>
        <Link
          href="/digest"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
          data-testid="history-digest-link"
        >
          {t("digest.link")}
        </Link>
      </div>
      <HistoryFilters filter={filter} onChange={setFilter} />
      {isPending && <p className="text-sm text-muted-foreground">{t("common.loading")}</p>}
      {error !== null && (
        <FieldError>
          {describeApiError(error, t, "history.loadFailed", { unreachable: "history.unreachable" })}
        </FieldError>
      )}
      {data !== undefined && items.length === 0 && (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          {t("history.empty")}
        </p>
      )}
      <ul className="grid gap-2">
        {items.map((item) => (
          <HistoryRow key={item.id} item={item} />
        ))}
      </ul>
      {hasNextPage && (
        <Button
          type="button"
          variant="secondary"
          className="justify-self-center"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {t("history.loadMore")}
        </Button>
      )}
    </main>
  );
}
