import { z } from "zod";

/** The id of the built-in demo model the agent serves, and the web's fallback model. */
export const DEMO_MODEL_ID = "inquiry-hub-demo";

/** Longest conversation the agent accepts, in messages. */
export const MAX_AGENT_CHAT_MESSAGES = 500;

/** Longest `inquiry_timeout` a chat request may ask for, in seconds (one day). */
export const MAX_INQUIRY_TIMEOUT_SECONDS = 86_400;

const ContentPartSchema = z.object({ type: z.string(), text: z.string().optional() }).loose();

/** OpenAI allows string content or an array of parts; parsing keeps only the text. */
const ContentSchema = z
  .union([z.string(), z.array(ContentPartSchema), z.null()])
  .optional()
  .transform((content) =>
    Array.isArray(content) ? content.map((part) => part.text ?? "").join("") : (content ?? ""),
  );

const ToolCallSchema = z.object({
  id: z.string().min(1),
  type: z.literal("function"),
  function: z.object({ name: z.string().min(1), arguments: z.string() }),
});

/** One OpenAI chat message; parsing drops unknown keys and flattens content to text. */
export const AgentChatMessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.enum(["system", "developer", "user"]), content: ContentSchema }),
  z.object({
    role: z.literal("assistant"),
    content: ContentSchema,
    tool_calls: z.array(ToolCallSchema).optional(),
  }),
  z.object({ role: z.literal("tool"), tool_call_id: z.string().min(1), content: ContentSchema }),
]);

/**
 * Body of the agent's `POST /v1/chat/completions`, as the web sends it and any OpenAI client
 * may. Unknown OpenAI options (temperature, …) are accepted and ignored so any OpenAI client
 * works unchanged. `inquiry_timeout` (seconds) is this product's extension: the client
 * auto-reply deadline of any inquiry asked during this request. `yolo: false` (also an
 * extension) makes this chat always ask, even while the person's YOLO is on. `yolo: true` is
 * refused: a request can only make the gate stricter, YOLO is the person's own setting.
 * Absent: the person's setting applies.
 */
export const AgentChatRequestSchema = z
  .object({
    /** The model to answer with, one the agent lists at `/v1/models`. */
    model: z.string().min(1),
    /** The whole conversation, oldest first. */
    messages: z.array(AgentChatMessageSchema).min(1).max(MAX_AGENT_CHAT_MESSAGES),
    /** True for an SSE stream; absent or null means one JSON completion. */
    stream: z
      .boolean()
      .nullish()
      .transform((stream) => stream === true),
    /** Client auto-reply deadline of the inquiries this request asks, in seconds. */
    inquiry_timeout: z.number().int().positive().max(MAX_INQUIRY_TIMEOUT_SECONDS).optional(),
    /**
     * True: the run outlives this request (see `runs.ts`): re-attach, Stop, resume after an
     * agent restart. Needs `stream: true`. Absent: the run ends with the request, as OpenAI's do.
     */
    background: z.boolean().optional(),
    /** OpenAI's request metadata (≤ 16 string pairs); `RUN_METADATA_KEYS` link a conversation turn. */
    metadata: z
      .record(z.string().min(1).max(64), z.string().max(512))
      .refine((pairs) => Object.keys(pairs).length <= 16, "at most 16 metadata pairs")
      .optional(),
    /** Only `false`: always ask in this chat. */
    yolo: z
      .literal(false, {
        error:
          "only false (always ask) is accepted; YOLO is turned on by the person in their settings",
      })
      .optional(),
  })
  .loose()
  .refine((request) => request.background !== true || request.stream === true, {
    message: "background runs stream: set stream to true",
    path: ["background"],
  });
/** A chat request as a writer sends it (the wire shape). */
export type AgentChatRequestBody = z.input<typeof AgentChatRequestSchema>;
/** A chat request as the agent reads it: content flattened to text, `stream` a boolean. */
export type AgentChatRequest = z.output<typeof AgentChatRequestSchema>;
