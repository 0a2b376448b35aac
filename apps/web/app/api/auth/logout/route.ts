import { jsonError } from "@/lib/api-error";
import { isForeignOrigin } from "@/lib/same-origin";
import { endSession } from "@/lib/session";

/** POST → 200 {ok: true}; clears the session cookies. */
export async function POST(request: Request): Promise<Response> {
  if (isForeignOrigin(request.headers))
    return jsonError("FORBIDDEN", "Cross-origin request refused.");
  await endSession();
  return Response.json({ ok: true });
}
