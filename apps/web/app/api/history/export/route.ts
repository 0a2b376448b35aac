import { HistoryExportQuerySchema } from "@inquiry-hub/protocol";
import { historySearchParams } from "@/lib/history-search-params";
import { jsonError } from "@/lib/server/api-error";
import { relayHub } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/**
 * GET `?format=csv|jsonl&<history filters>` → the hub's export of this user's matching history,
 * streamed through as a download (its `Content-Disposition` kept).
 */
export async function GET(request: Request): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const query = HistoryExportQuerySchema.safeParse(Object.fromEntries(search));
  if (!query.success) return jsonError("BAD_REQUEST", "Invalid history export query.");
  const { format, ...filter } = query.data;
  const forwarded = historySearchParams(filter, { format });
  return relayHub(request, `/api/history/export?${forwarded.toString()}`, {
    method: "GET",
    keepHeaders: ["content-disposition"],
  });
}
