import {
  FINAL_TURN_STATUSES,
  IsoTimestampSchema,
  MAX_CONVERSATION_TITLE,
  MAX_CONVERSATION_TURNS,
  TurnSchema,
} from "@inquiry-hub/protocol";
import { z } from "zod";
import type { Conversation, ConversationSummary, TurnStatus } from "@inquiry-hub/protocol";
import type { ConversationRecord } from "./ports";

/** What a store checks a record read back against, so a damaged one fails loudly, not later. */
export const ConversationRecordSchema = z.object({
  id: z.uuid(),
  userId: z.string().min(1),
  title: z.string().max(MAX_CONVERSATION_TITLE),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
  turns: z.array(TurnSchema).max(MAX_CONVERSATION_TURNS),
}) satisfies z.ZodType<ConversationRecord>;

/** Whether a turn's reply is settled for good (completed, failed or cancelled). */
export function isFinalStatus(status: TurnStatus): boolean {
  return (FINAL_TURN_STATUSES as readonly TurnStatus[]).includes(status);
}

/** Whether the conversation's last turn still waits for its run (pending or running). */
export function isRunning(record: ConversationRecord): boolean {
  const last = record.turns.at(-1);
  return last !== undefined && !isFinalStatus(last.status);
}

/** The list entry of a record; what every store keeps beside it for `listSummaries`. */
export function toSummary(record: ConversationRecord): ConversationSummary {
  return {
    id: record.id,
    title: record.title,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    running: isRunning(record),
  };
}

/** The wire shape of a record: its summary with every turn, without the owner. */
export function toConversation(record: ConversationRecord): Conversation {
  return { ...toSummary(record), turns: record.turns };
}

/**
 * A title from a first message: one line (whitespace runs become one space), at most
 * MAX_CONVERSATION_TITLE UTF-16 units, never ending in half a surrogate pair.
 *
 * @example titleFromMessage("Plan a trip\nto Lisbon") // "Plan a trip to Lisbon"
 */
export function titleFromMessage(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= MAX_CONVERSATION_TITLE) return line;
  const lastKept = line.charCodeAt(MAX_CONVERSATION_TITLE - 1);
  const splitsPair = lastKept >= 0xd800 && lastKept <= 0xdbff;
  return line.slice(0, splitsPair ? MAX_CONVERSATION_TITLE - 1 : MAX_CONVERSATION_TITLE).trimEnd();
}
