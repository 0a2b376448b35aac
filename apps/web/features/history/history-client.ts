import { HistoryDetailSchema, HistoryPageSchema } from "@inquiry-hub/protocol";
import type { HistoryDetail, HistoryPage, InquiryStatus } from "@inquiry-hub/protocol";
import { requestJson } from "@/lib/api-client";

/** One page of history, newest first (GET /api/history). */
export function fetchHistoryPage(
  status: InquiryStatus | undefined,
  before: string | undefined,
): Promise<HistoryPage> {
  const query = new URLSearchParams();
  if (status !== undefined) query.set("status", status);
  if (before !== undefined) query.set("before", before);
  return requestJson(`/api/history?${query.toString()}`, HistoryPageSchema);
}

/** One inquiry with its audit trail (GET /api/history/:id). */
export function fetchHistoryDetail(id: string): Promise<HistoryDetail> {
  return requestJson(`/api/history/${encodeURIComponent(id)}`, HistoryDetailSchema);
}
