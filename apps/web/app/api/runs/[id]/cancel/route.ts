import { crossOriginRefused, hubUnreachable, jsonError, notLoggedIn } from "@/lib/server/api-error";
import { fetchAgent } from "@/lib/server/agent-fetch";
import { isForeignOrigin } from "@/lib/server/same-origin";
import { forgetRunViewer, runViewerToken } from "@/lib/server/run-viewer-credential";
import { readToken } from "@/lib/server/session";
import { relayResponse } from "@/lib/server/upstream";

export const dynamic = "force-dynamic";

/**
 * POST → Stop: asks the agent to cancel the person's run (with the person's viewer
 * credential, never the session token) and relays its answer (the run's info, or 404). The
 * agent records the turn as cancelled. 403 foreign origin, 401 no session, 502 agent or hub
 * unreachable.
 */
export async function POST(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  if (isForeignOrigin(request.headers)) return crossOriginRefused();
  const token = await readToken();
  if (token === undefined) return notLoggedIn();
  const { id } = await context.params;
  const viewer = await runViewerToken(token);
  if ("refused" in viewer)
    return viewer.refused === undefined ? hubUnreachable() : relayResponse(viewer.refused);
  const upstream = await fetchAgent(`/v1/runs/${encodeURIComponent(id)}/cancel`, {
    method: "POST",
    token: viewer.token,
  });
  if (upstream === undefined) return jsonError("UPSTREAM", "The agent is unreachable.");
  if (!upstream.ok) forgetRunViewer(token);
  return relayResponse(upstream);
}
