import { jsonError } from "@/lib/api-error";
import { joinUrl, readEnv } from "@/lib/env";
import { isForeignOrigin } from "@/lib/same-origin";
import { endSession, readToken } from "@/lib/session";
import { fetchUpstream } from "@/lib/upstream";

/**
 * POST → 200 {ok: true}. Revokes this browser's device on the hub, so its credential is dead
 * everywhere (a copied cookie no longer works), then clears the session cookies. The cookies
 * are cleared even when the hub cannot be reached: logging out never leaves the browser in.
 */
export async function POST(request: Request): Promise<Response> {
  if (isForeignOrigin(request.headers))
    return jsonError("FORBIDDEN", "Cross-origin request refused.");
  const token = await readToken();
  if (token !== undefined) {
    await fetchUpstream(joinUrl(readEnv().HUB_URL, "/api/auth/logout"), {
      method: "POST",
      headers: { authorization: `Bearer ${token}` },
    });
  }
  await endSession();
  return Response.json({ ok: true });
}
