import { crossOriginRefused, hubUnreachable, jsonError, notLoggedIn } from "@/lib/api-error";
import { chooseAgentModel } from "@/lib/agent-model";
import { mintRunCredential, onStreamEnd, revokeRunCredential } from "@/lib/agent-run-credential";
import { ChatRequestSchema, toAgentRequestBody } from "@/lib/chat-request";
import { joinUrl, readEnv } from "@/lib/env";
import { isForeignOrigin } from "@/lib/same-origin";
import { readToken } from "@/lib/session";
import { CHAT_BODY_LIMIT_BYTES, readJsonBody } from "@/lib/body-reader";
import { fetchUpstream, relayResponse } from "@/lib/upstream";

export const dynamic = "force-dynamic";

/**
 * POST {messages, inquiryTimeout?, yolo?: false} → the agent's SSE stream, relayed byte for
 * byte. The agent runs with a fresh agent credential minted for this run, never with the
 * person's device token, and the credential is revoked when the stream ends. The upstream
 * fetch shares the browser request's abort signal, so closing the tab stops the agent run.
 * 400 invalid body, 401 no session, 502 agent or hub unreachable; other agent and hub errors
 * keep their status and body.
 */
export async function POST(request: Request): Promise<Response> {
  if (isForeignOrigin(request.headers)) return crossOriginRefused();
  const token = await readToken();
  if (token === undefined) return notLoggedIn();
  const body = await readJsonBody(request, CHAT_BODY_LIMIT_BYTES);
  if (!body.ok) return body.response;
  const parsed = ChatRequestSchema.safeParse(body.value);
  if (!parsed.success) {
    return jsonError(
      "BAD_REQUEST",
      `Invalid chat request: ${parsed.error.issues[0]?.message ?? "bad body"}`,
    );
  }
  const minted = await mintRunCredential(token);
  if ("refused" in minted) {
    return minted.refused === undefined ? hubUnreachable() : relayResponse(minted.refused);
  }
  const run = minted.credential;
  const endRun = (): void => {
    void revokeRunCredential(token, run.id);
  };
  const agentUrl = readEnv().AGENT_URL;
  const model = await chooseAgentModel(agentUrl);
  let upstream: Response | undefined;
  try {
    upstream = await fetchUpstream(joinUrl(agentUrl, "/v1/chat/completions"), {
      method: "POST",
      headers: {
        authorization: `Bearer ${run.token}`,
        "content-type": "application/json",
        accept: "text/event-stream",
      },
      body: JSON.stringify(toAgentRequestBody(parsed.data, model)),
      signal: request.signal,
    });
  } catch {
    endRun();
    return new Response(null, { status: 499 });
  }
  if (upstream === undefined) {
    endRun();
    return jsonError("UPSTREAM", "The agent is unreachable. Try again shortly.");
  }
  if (!upstream.ok || upstream.body === null) {
    endRun();
    return relayResponse(upstream);
  }
  return new Response(onStreamEnd(upstream.body, endRun), {
    status: 200,
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
