import { FINAL_TURN_STATUSES } from "@inquiry-hub/protocol";
import type { ReplyPart, Turn } from "@inquiry-hub/protocol";
import type { ChatItem, ChatState } from "./chat-state";

/** Whether a turn's reply is written for good (its run is over). */
export function isFinalTurn(turn: Pick<Turn, "status">): boolean {
  return (FINAL_TURN_STATUSES as readonly string[]).includes(turn.status);
}

function partItem(turnId: string, part: ReplyPart, index: number): ChatItem {
  const key = `${turnId}-${index}`;
  switch (part.type) {
    case "text":
      return { kind: "assistant", key, text: part.text };
    case "inquiry":
      return { kind: "stored-inquiry", key, inquiryId: part.inquiryId };
    case "error":
      return { kind: "error", key, message: part.message };
  }
}

/**
 * A stored conversation as the page shows it: each turn's message, then, once the turn is
 * final, its reply (text, question cards by inquiry id, errors) and a note when it was
 * stopped. A turn still running shows only its message: its reply is the live run's.
 */
export function turnsToItems(turns: readonly Turn[]): ChatItem[] {
  return turns.flatMap((turn): ChatItem[] => {
    const message: ChatItem = { kind: "user", key: `${turn.id}-user`, text: turn.text };
    if (!isFinalTurn(turn)) return [message];
    const reply = turn.reply.map((part, index) => partItem(turn.id, part, index));
    const stopped: ChatItem[] =
      turn.status === "cancelled" ? [{ kind: "stopped", key: `${turn.id}-stopped` }] : [];
    return [message, ...reply, ...stopped];
  });
}

/** The last turn when its run is still going (pending or running), else undefined. */
export function runningTurnOf(turns: readonly Turn[]): Turn | undefined {
  const last = turns.at(-1);
  return last === undefined || isFinalTurn(last) ? undefined : last;
}

/**
 * What the page shows: the stored turns, then the followed turn's live reply until the
 * conversation holds that turn's final reply (which then replaces it). The followed message
 * itself shows from the live state only until the hub's copy of the turn arrives.
 */
export function conversationItems(turns: readonly Turn[], live: ChatState): ChatItem[] {
  const stored = turnsToItems(turns);
  const followed = live.turn;
  if (followed === undefined) return stored;
  const storedTurn = turns.find((turn) => turn.id === followed.turnId);
  if (storedTurn !== undefined && isFinalTurn(storedTurn)) return stored;
  const message: ChatItem[] =
    storedTurn === undefined ? [{ kind: "user", key: "live-user", text: followed.text }] : [];
  return [...stored, ...message, ...live.items];
}
