import "server-only";
import { ConversationSchema, TurnSchema } from "@inquiry-hub/protocol";
import type { Conversation, Turn, UpdateTurnBody } from "@inquiry-hub/protocol";
import type { z } from "zod";
import { hubUnreachable, jsonError } from "./api-error";
import { fetchHub } from "./hub-fetch";
import type { HubRequest } from "./hub-fetch";
import { relayResponse } from "./upstream";

/** A hub answer parsed with its schema, or the response the route should send instead. */
export type HubResult<T> = { ok: true; value: T } | { ok: false; response: Response };

async function hubJson<Schema extends z.ZodType>(
  path: string,
  request: HubRequest,
  schema: Schema,
): Promise<HubResult<z.output<Schema>>> {
  const upstream = await fetchHub(path, request);
  if (upstream === undefined) return { ok: false, response: hubUnreachable() };
  if (!upstream.ok) return { ok: false, response: relayResponse(upstream) };
  const parsed = schema.safeParse(await upstream.json().catch(() => undefined));
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, response: jsonError("UPSTREAM", "The hub sent an unexpected answer.") };
}

function conversationPath(conversationId: string): string {
  return `/api/conversations/${encodeURIComponent(conversationId)}`;
}

/**
 * The conversation a chat message goes to, with its turns so far: the one named (404 when it
 * is not this person's), or a new untitled one that the hub titles after the first message.
 */
export function openConversation(
  token: string,
  conversationId: string | undefined,
  forwardedFrom: Request,
): Promise<HubResult<Conversation>> {
  return conversationId === undefined
    ? hubJson(
        "/api/conversations",
        { method: "POST", body: {}, token, forwardedFrom },
        ConversationSchema,
      )
    : hubJson(
        conversationPath(conversationId),
        { method: "GET", token, forwardedFrom },
        ConversationSchema,
      );
}

/** Records the person's message as a new pending turn (409 when the conversation is full). */
export function startTurn(
  token: string,
  conversationId: string,
  text: string,
  forwardedFrom: Request,
): Promise<HubResult<Turn>> {
  const path = `${conversationPath(conversationId)}/turns`;
  return hubJson(path, { method: "POST", body: { text }, token, forwardedFrom }, TurnSchema);
}

/**
 * Writes a turn's final status and reply when no agent run does it (the agent was not
 * reached, refused, or has no run API). Best effort: a failure is logged; the turn then
 * stays as it was, which a later write cannot make worse.
 */
export async function finishTurn(
  token: string,
  link: { conversationId: string; turnId: string },
  update: UpdateTurnBody,
): Promise<void> {
  const path = `${conversationPath(link.conversationId)}/turns/${encodeURIComponent(link.turnId)}`;
  const response = await fetchHub(path, { method: "PUT", body: update, token });
  if (response === undefined || !response.ok)
    console.error(`recording turn ${link.turnId} failed`, response?.status);
}
