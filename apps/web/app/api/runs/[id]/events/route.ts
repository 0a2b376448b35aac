import { LastEventIdSchema } from "@inquiry-hub/protocol";
import { hubUnreachable, jsonError, notLoggedIn } from "@/lib/server/api-error";
import { fetchAgent, sseResponse } from "@/lib/server/agent-fetch";
import { forgetRunViewer, runViewerToken } from "@/lib/server/run-viewer-credential";
import { readToken } from "@/lib/server/session";
import { relayResponse } from "@/lib/server/upstream";

export const dynamic = "force-dynamic";

/**
 * GET (with `Last-Event-ID`) → the agent run's events after that id, then live until
 * `[DONE]`, relayed byte for byte with their `id:` lines. The agent is asked with the
 * person's viewer credential (an agent credential of theirs, never the session token), so
 * only the person whose run it is can follow it. Closing the browser's request stops this
 * relay only; the run goes on. 400 bad Last-Event-ID, 401 no session, 502 agent or hub
 * unreachable; the agent's own refusals (404 unknown run) relayed.
 */
export async function GET(
  request: Request,
  context: { params: Promise<{ id: string }> },
): Promise<Response> {
  const token = await readToken();
  if (token === undefined) return notLoggedIn();
  const header = request.headers.get("last-event-id");
  const lastEventId = header === null ? undefined : LastEventIdSchema.safeParse(header);
  if (lastEventId?.success === false) return jsonError("BAD_REQUEST", "Invalid Last-Event-ID.");
  const { id } = await context.params;
  const viewer = await runViewerToken(token);
  if ("refused" in viewer)
    return viewer.refused === undefined ? hubUnreachable() : relayResponse(viewer.refused);
  let upstream: Response | undefined;
  try {
    upstream = await fetchAgent(`/v1/runs/${encodeURIComponent(id)}/events`, {
      method: "GET",
      token: viewer.token,
      stream: true,
      ...(lastEventId === undefined ? {} : { lastEventId: lastEventId.data }),
      signal: request.signal,
    });
  } catch {
    return new Response(null, { status: 499 });
  }
  if (upstream === undefined) return jsonError("UPSTREAM", "The agent is unreachable.");
  if (!upstream.ok || upstream.body === null) {
    forgetRunViewer(token);
    return relayResponse(upstream);
  }
  return sseResponse(upstream.body);
}
