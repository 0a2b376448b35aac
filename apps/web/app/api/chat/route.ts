import { crossOriginRefused, hubUnreachable, jsonError, notLoggedIn } from "@/lib/server/api-error";
import { fetchAgent, sseResponse } from "@/lib/server/agent-fetch";
import { chooseAgentModel } from "@/lib/server/agent-model";
import { mintRunCredential, revokeRunCredential } from "@/lib/server/agent-run-credential";
import {
  CHAT_RESPONSE_HEADERS,
  ChatRequestSchema,
  agentMessagesOf,
  toAgentRequestBody,
} from "@/lib/chat-request";
import type { TurnLink } from "@/lib/chat-request";
import { finishTurn, openConversation, startTurn } from "@/lib/server/conversation-hub";
import { readEnv } from "@/lib/env";
import { recordReply } from "@/lib/server/reply-recorder";
import { isForeignOrigin } from "@/lib/server/same-origin";
import { readToken } from "@/lib/server/session";
import { CHAT_BODY_LIMIT_BYTES, readJsonBody } from "@/lib/server/body-reader";
import { relayResponse } from "@/lib/server/upstream";

export const dynamic = "force-dynamic";

/**
 * POST {conversationId?, text, inquiryTimeout?, yolo?: false} → the agent's SSE stream,
 * relayed byte for byte (event ids included), with `x-conversation-id`, `x-turn-id` and, when
 * the agent runs it in the background, `x-run-id`. The message becomes a turn of the hub's
 * conversation (a new one without `conversationId`); the agent gets the conversation so far
 * and a fresh agent credential minted for this run, never the person's device token.
 *
 * A background run belongs to no request: closing the tab only stops this relay, and the
 * agent writes the reply into the turn and revokes the credential when the run ends. A
 * backend without the run API (no `x-run-id`) stays bound to this request: the web revokes
 * the credential and writes the turn itself when the stream ends.
 *
 * 400 invalid body, 401 no session, 502 agent or hub unreachable; other agent and hub errors
 * keep their status and body (and fail the turn).
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
  const conversation = await openConversation(token, parsed.data.conversationId, request);
  if (!conversation.ok) return conversation.response;
  const turn = await startTurn(token, conversation.value.id, parsed.data.text, request);
  if (!turn.ok) return turn.response;
  const link: TurnLink = { conversationId: conversation.value.id, turnId: turn.value.id };
  const fail = (message: string): void => {
    void finishTurn(token, link, { status: "failed", reply: [{ type: "error", message }] });
  };

  const minted = await mintRunCredential(token, link);
  if ("refused" in minted) {
    fail("The hub refused to start the agent run.");
    return minted.refused === undefined ? hubUnreachable() : relayResponse(minted.refused);
  }
  const credential = minted.credential;
  const revoke = (): void => {
    void revokeRunCredential(token, credential.id);
  };
  const agentUrl = readEnv().AGENT_URL;
  const model = await chooseAgentModel(agentUrl);
  const messages = agentMessagesOf(conversation.value.turns, parsed.data.text);
  const upstream = await fetchAgent("/v1/chat/completions", {
    method: "POST",
    token: credential.token,
    stream: true,
    body: toAgentRequestBody(parsed.data, model, messages, link),
  });
  if (upstream === undefined || !upstream.ok || upstream.body === null) {
    revoke();
    fail(`The agent could not start (${upstream?.status ?? "unreachable"}).`);
    return upstream === undefined
      ? jsonError("UPSTREAM", "The agent is unreachable. Try again shortly.")
      : relayResponse(upstream);
  }
  const headers: Record<string, string> = {
    [CHAT_RESPONSE_HEADERS.conversationId]: link.conversationId,
    [CHAT_RESPONSE_HEADERS.turnId]: link.turnId,
  };
  const runId = upstream.headers.get(CHAT_RESPONSE_HEADERS.runId);
  if (runId !== null && runId !== "")
    return sseResponse(upstream.body, { ...headers, [CHAT_RESPONSE_HEADERS.runId]: runId });
  const recorded = recordReply(upstream.body, (status, reply) => {
    revoke();
    void finishTurn(token, link, { status, reply });
  });
  return sseResponse(recorded, headers);
}
