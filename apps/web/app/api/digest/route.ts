import { DigestQuerySchema } from "@inquiry-hub/protocol";
import { jsonError } from "@/lib/server/api-error";
import { relayHub } from "@/lib/server/hub-proxy";

export const dynamic = "force-dynamic";

/** GET `?day=YYYY-MM-DD&timeZone=<IANA>` → this user's digest of that day (hub body relayed). */
export function GET(request: Request): Promise<Response> {
  const query = DigestQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) return Promise.resolve(jsonError("BAD_REQUEST", "Invalid digest query."));
  const forwarded = new URLSearchParams();
  if (query.data.day !== undefined) forwarded.set("day", query.data.day);
  if (query.data.timeZone !== undefined) forwarded.set("timeZone", query.data.timeZone);
  return relayHub(request, `/api/digest?${forwarded.toString()}`, { method: "GET" });
}
