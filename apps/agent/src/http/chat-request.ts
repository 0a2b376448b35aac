import { z } from "zod";
import type { ChatMessage } from "../llm/model-provider";

const ContentPartSchema = z.object({ type: z.string(), text: z.string().optional() }).loose();

/** OpenAI allows string content or an array of parts; the loop only needs the text. */
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

/** One message; parsing drops unknown keys, so what it yields is a `ChatMessage` as is. */
const MessageSchema = z.discriminatedUnion("role", [
  z.object({ role: z.enum(["system", "developer", "user"]), content: ContentSchema }),
  z.object({
    role: z.literal("assistant"),
    content: ContentSchema,
    tool_calls: z.array(ToolCallSchema).optional(),
  }),
  z.object({ role: z.literal("tool"), tool_call_id: z.string().min(1), content: ContentSchema }),
]);

/**
 * Body of `POST /v1/chat/completions`. Unknown OpenAI options (temperature, …) are accepted
 * and ignored so any OpenAI client works unchanged. `inquiry_timeout` (seconds) is this
 * product's extension: it becomes `?timeout=` on the hub MCP URL, the client auto-reply
 * deadline of any inquiry asked during this request. `yolo: false` (also an extension) makes
 * this chat always ask, even while the person's YOLO is on; it becomes `?yolo=0` on the hub
 * MCP URL. `yolo: true` is refused: a request can only make the gate stricter, YOLO is the
 * person's own setting. Absent: the person's setting applies.
 */
export const ChatRequestSchema = z
  .object({
    model: z.string().min(1),
    messages: z.array(MessageSchema).min(1).max(500),
    stream: z
      .boolean()
      .nullish()
      .transform((stream) => stream === true),
    inquiry_timeout: z.number().int().positive().max(86_400).optional(),
    yolo: z
      .literal(false, {
        error: "only false (always ask) is accepted; YOLO is turned on by the person in their settings",
      })
      .optional(),
  })
  .loose();

/** A validated chat request. */
export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  stream: boolean;
  inquiryTimeoutSeconds: number | undefined;
  /** `false`: always ask in this chat; undefined leaves it to the person's setting. */
  yolo: false | undefined;
}

/** Validates a raw body; returns the request or a one-line explanation of what is wrong. */
export function parseChatRequest(body: unknown): ChatRequest | { error: string } {
  const parsed = ChatRequestSchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue && issue.path.length > 0 ? `${issue.path.join(".")}: ` : "";
    return { error: `Invalid request body: ${where}${issue?.message ?? "unknown problem"}` };
  }
  return {
    model: parsed.data.model,
    messages: parsed.data.messages,
    stream: parsed.data.stream,
    inquiryTimeoutSeconds: parsed.data.inquiry_timeout,
    yolo: parsed.data.yolo,
  };
}
