import { MAX_CONVERSATION_TURNS, MAX_REPLY_TEXT } from "@inquiry-hub/protocol";
import type { ReplyPart, Turn, UpdateTurnBody } from "@inquiry-hub/protocol";
import { HubError } from "../../kernel/errors";
import { isFinalStatus, isRunning, titleFromMessage } from "./conversation-record";
import type { ConversationRecord } from "./ports";

/**
 * Appends a person's message as a pending turn. Refuses (409) while the last turn still
 * waits for its run, so one conversation never has two runs writing into it, and when the
 * conversation is full. An untitled conversation takes its title from this message.
 */
export function appendTurn(record: ConversationRecord, turn: Turn): ConversationRecord {
  if (isRunning(record))
    throw new HubError(
      "CONFLICT",
      "the agent is still answering the last message: wait for it or stop it first",
    );
  if (record.turns.length >= MAX_CONVERSATION_TURNS)
    throw new HubError(
      "CONFLICT",
      `a conversation holds at most ${MAX_CONVERSATION_TURNS} messages: start a new one`,
    );
  return {
    ...record,
    title: record.title === "" ? titleFromMessage(turn.text) : record.title,
    updatedAt: turn.sentAt,
    turns: [...record.turns, turn],
  };
}

/** Throws BAD_REQUEST when the reply's text parts together exceed MAX_REPLY_TEXT. */
export function checkReplySize(reply: readonly ReplyPart[]): void {
  const total = reply.reduce((sum, part) => sum + (part.type === "text" ? part.text.length : 0), 0);
  if (total > MAX_REPLY_TEXT)
    throw new HubError(
      "BAD_REQUEST",
      `reply: its text parts hold ${total} characters together, at most ${MAX_REPLY_TEXT} are kept`,
    );
}

function nextTurn(turn: Turn, body: UpdateTurnBody, at: string): Turn {
  if (isFinalStatus(turn.status))
    throw new HubError("CONFLICT", `the turn already ended (${turn.status}) and never changes`);
  if (body.status === "running") {
    if (turn.status !== "pending")
      throw new HubError("CONFLICT", "the turn is already running under another run");
    return { ...turn, status: "running", runId: body.runId };
  }
  if (turn.runId !== undefined && body.runId !== turn.runId)
    throw new HubError("CONFLICT", "runId: the turn is answered by another run");
  const runId = turn.runId ?? body.runId;
  return {
    ...turn,
    ...(runId === undefined ? {} : { runId }),
    status: body.status,
    reply: body.reply,
    finishedAt: at,
  };
}

/**
 * Moves one turn on: `pending → running` when the agent accepted the run, `pending | running
 * → completed | failed | cancelled` with the reply when it ended. A final turn never changes
 * (409), so a late or repeated report cannot rewrite what happened; a final report must name
 * the run the turn is answered by, so a stale run cannot overwrite a newer one's reply.
 */
export function applyTurnUpdate(
  record: ConversationRecord,
  turnId: string,
  body: UpdateTurnBody,
  at: string,
): ConversationRecord {
  const index = record.turns.findIndex((turn) => turn.id === turnId);
  const turn = record.turns[index];
  if (turn === undefined) throw new HubError("NOT_FOUND", "no such turn in this conversation");
  const turns = record.turns.with(index, nextTurn(turn, body, at));
  return { ...record, updatedAt: at, turns };
}
