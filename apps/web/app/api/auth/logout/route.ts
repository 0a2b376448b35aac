import { crossOriginRefused } from "@/lib/server/api-error";
import { fetchHub } from "@/lib/server/hub-fetch";
import { isForeignOrigin } from "@/lib/server/same-origin";
import { endSession, readToken } from "@/lib/server/session";

/**
 * POST → 200 {ok: true}. Revokes this browser's device on the hub, so its credential is dead
 * everywhere (a copied cookie no longer works), then clears the session cookies. The cookies
 * are cleared even when the hub cannot be reached: logging out never leaves the browser in.
 */
export async function POST(request: Request): Promise<Response> {
  if (isForeignOrigin(request.headers)) return crossOriginRefused();
  const token = await readToken();
  if (token !== undefined) await fetchHub("/api/auth/logout", { method: "POST", token });
  await endSession();
  return Response.json({ ok: true });
}
