import { HistoryQuerySchema } from "@inquiry-hub/protocol";
import { jsonError } from "@/lib/api-error";
import { relayHub } from "@/lib/hub-proxy";

export const dynamic = "force-dynamic";

/** GET `?status=&limit=&before=` → one page of this user's history (hub body relayed). */
export function GET(request: Request): Promise<Response> {
  const search = new URL(request.url).searchParams;
  const query = HistoryQuerySchema.safeParse(Object.fromEntries(search));
  if (!query.success) return Promise.resolve(jsonError("BAD_REQUEST", "Invalid history query."));
  const forwarded = new URLSearchParams({ limit: String(query.data.limit) });
  if (query.data.status !== undefined) forwarded.set("status", query.data.status);
  if (query.data.before !== undefined) forwarded.set("before", query.data.before);
  return relayHub(request, `/api/history?${forwarded.toString()}`, { method: "GET" });
}
