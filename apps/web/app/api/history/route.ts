import { HistoryQuerySchema } from "@inquiry-hub/protocol";
import { historySearchParams } from "@/lib/history-search-params";
import { jsonError } from "@/lib/server/api-error";
import { relayHub } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/**
 * GET `?q=&credential=&tool=&status=&device=&from=&to=&limit=&before=` → one page of this
 * user's history (hub body relayed).
 */
export function GET(request: Request): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const query = HistoryQuerySchema.safeParse(Object.fromEntries(search));
  if (!query.success) return Promise.resolve(jsonError("BAD_REQUEST", "Invalid history query."));
  const { limit, before, ...filter } = query.data;
  const forwarded = historySearchParams(filter, { limit: String(limit), before });
  return relayHub(request, `/api/history?${forwarded.toString()}`, { method: "GET" });
}
