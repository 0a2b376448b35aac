import { HistoryDetailSchema, HistoryPageSchema } from "@inquiry-hub/protocol";
import type { HistoryDetail, HistoryFilter, HistoryPage } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/client/api-client";
import { historySearchParams } from "@/lib/history-search-params";

/** One page of the history matching `filter`, newest first (GET /api/history). */
export function fetchHistoryPage(
  filter: HistoryFilter,
  before: string | undefined,
): Promise<HistoryPage> {
  const query = historySearchParams(filter, { before });
  return requestJson(`/api/history?${query.toString()}`, HistoryPageSchema);
}

/** Where the browser downloads the history matching `filter` (GET /api/history/export). */
export function historyExportUrl(filter: HistoryFilter, format: "csv" | "jsonl"): string {
  return `/api/history/export?${historySearchParams(filter, { format }).toString()}`;
}

/** One inquiry with its audit trail (GET /api/history/:id). */
export function fetchHistoryDetail(id: string): Promise<HistoryDetail> {
  return requestJson(`/api/history/${encodeURIComponent(id)}`, HistoryDetailSchema);
}
