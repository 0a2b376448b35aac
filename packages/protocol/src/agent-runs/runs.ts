import { z } from "zod";

/**
 * The agent's run API, this product's extension of the OpenAI chat API. A streaming chat
 * request with `background: true` starts a run that belongs to no HTTP request: closing the
 * request only stops listening. Every SSE event carries an `id:` (the event's position in
 * the run's log, 1, 2, 3, …); a client re-attaches with `GET /v1/runs/:id/events` and the
 * `Last-Event-ID` of the last event it saw, and gets the rest replayed from the log, then
 * live. `POST /v1/runs/:id/cancel` stops the run (Stop).
 */

/** Response header of a streaming chat completion that names its run. */
export const RUN_ID_HEADER = "x-run-id";

/** `metadata` keys that tie a run to the conversation turn it answers (hub conversations). */
export const RUN_METADATA_KEYS = { conversationId: "conversation_id", turnId: "turn_id" } as const;

/** Where a run stands. */
export const RunStatusSchema = z.enum(["running", "completed", "failed", "cancelled"]);
export type RunStatus = z.infer<typeof RunStatusSchema>;

/** `GET /v1/runs/:id` and the answer of `POST /v1/runs/:id/cancel`. */
export const RunInfoSchema = z.object({
  id: z.string().min(1),
  object: z.literal("run"),
  status: RunStatusSchema,
  model: z.string(),
  /** Unix seconds. */
  created: z.number().int(),
  /** The id of the newest event in the run's log (0 before the first). */
  last_event_id: z.number().int().nonnegative(),
  metadata: z.record(z.string(), z.string()),
});
export type RunInfo = z.infer<typeof RunInfoSchema>;

/**
 * The `Last-Event-ID` header (or `?after=`) of a re-attach: the id of the last event the
 * client has; the replay starts after it. Absent means from the start.
 */
export const LastEventIdSchema = z.coerce.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
