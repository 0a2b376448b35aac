import { z } from "zod";
import { IsoTimestampSchema } from "../inquiry";

/** Longest conversation title, in characters; a longer first message is cut to it. */
export const MAX_CONVERSATION_TITLE = 120;
/** Longest message a person may send, in characters. */
export const MAX_TURN_TEXT = 32_000;
/** Turns one conversation may hold; a full conversation refuses new messages (409). */
export const MAX_CONVERSATION_TURNS = 200;
/** Conversations one person may keep; creating one more is refused (409) until one is deleted. */
export const MAX_CONVERSATIONS_PER_USER = 500;
/** Largest stored reply of one turn, in characters of text over all its parts. */
export const MAX_REPLY_TEXT = 200_000;
/** Largest number of parts (text runs, question cards, errors) one reply may have. */
export const MAX_REPLY_PARTS = 200;

/**
 * One piece of an agent's reply, in the order the stream produced it: text, a question the
 * agent asked (rendered from the hub's record of that inquiry), or an error the run ended with.
 */
export const ReplyPartSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("text"), text: z.string().min(1).max(MAX_REPLY_TEXT) }),
  z.object({ type: z.literal("inquiry"), inquiryId: z.uuid() }),
  z.object({ type: z.literal("error"), message: z.string().min(1).max(2_000) }),
]);
export type ReplyPart = z.infer<typeof ReplyPartSchema>;

/** Where the run answering a turn stands; `pending` until the agent accepted the run. */
export const TurnStatusSchema = z.enum(["pending", "running", "completed", "failed", "cancelled"]);
export type TurnStatus = z.infer<typeof TurnStatusSchema>;

/** Statuses after which a turn's reply never changes. */
export const FINAL_TURN_STATUSES = ["completed", "failed", "cancelled"] as const;

/** One message of the person and the agent's reply to it. */
export const TurnSchema = z.object({
  id: z.uuid(),
  /** What the person wrote. */
  text: z.string().min(1).max(MAX_TURN_TEXT),
  sentAt: IsoTimestampSchema,
  /** The agent run answering it; absent until the agent accepted it or on a backend without runs. */
  runId: z.string().min(1).max(200).optional(),
  status: TurnStatusSchema,
  /** The reply once final (empty while pending or running: attach to the run to follow it). */
  reply: z.array(ReplyPartSchema).max(MAX_REPLY_PARTS),
  finishedAt: IsoTimestampSchema.optional(),
});
export type Turn = z.infer<typeof TurnSchema>;

/** A conversation as the list shows it, newest `updatedAt` first. */
export const ConversationSummarySchema = z.object({
  id: z.uuid(),
  title: z.string().max(MAX_CONVERSATION_TITLE),
  createdAt: IsoTimestampSchema,
  updatedAt: IsoTimestampSchema,
  /** The last turn's run is still going (pending or running). */
  running: z.boolean(),
});
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** A whole conversation: `GET /api/conversations/:id`. */
export const ConversationSchema = ConversationSummarySchema.extend({
  turns: z.array(TurnSchema).max(MAX_CONVERSATION_TURNS),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** `GET /api/conversations` → the person's conversations, newest first. */
export const ConversationListResponseSchema = z.object({
  conversations: z.array(ConversationSummarySchema),
});
export type ConversationListResponse = z.infer<typeof ConversationListResponseSchema>;

const TitleSchema = z.string().trim().min(1).max(MAX_CONVERSATION_TITLE);

/** `POST /api/conversations {title?}` → 201 Conversation; untitled ones take the first message. */
export const CreateConversationBodySchema = z.strictObject({ title: TitleSchema.optional() });
export type CreateConversationBody = z.infer<typeof CreateConversationBodySchema>;

/** `PATCH /api/conversations/:id {title}` → the renamed Conversation. */
export const RenameConversationBodySchema = z.strictObject({ title: TitleSchema });
export type RenameConversationBody = z.infer<typeof RenameConversationBodySchema>;

/** `POST /api/conversations/:id/turns {text}` → 201 Turn (status `pending`). */
export const StartTurnBodySchema = z.strictObject({
  text: z.string().trim().min(1).max(MAX_TURN_TEXT),
});
export type StartTurnBody = z.infer<typeof StartTurnBodySchema>;

/**
 * `PUT /api/conversations/:id/turns/:turnId {…}` → the updated Turn. `running` with `runId`
 * when the agent accepted the run; a final status with the reply when it ended. A final turn
 * never changes again (409), so a late or repeated write cannot rewrite what happened.
 */
export const UpdateTurnBodySchema = z.discriminatedUnion("status", [
  z.strictObject({ status: z.literal("running"), runId: z.string().min(1).max(200) }),
  z.strictObject({
    status: z.enum(FINAL_TURN_STATUSES),
    runId: z.string().min(1).max(200).optional(),
    reply: z.array(ReplyPartSchema).max(MAX_REPLY_PARTS),
  }),
]);
export type UpdateTurnBody = z.infer<typeof UpdateTurnBodySchema>;

/** Socket `conversation:changed`: a conversation of this person was created, changed or deleted. */
export const ConversationChangedSchema = z.object({
  conversationId: z.uuid(),
  /** `deleted` lets a device showing it leave at once instead of refetching a 404. */
  change: z.enum(["updated", "deleted"]),
});
export type ConversationChanged = z.infer<typeof ConversationChangedSchema>;
