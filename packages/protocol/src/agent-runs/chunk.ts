import { z } from "zod";

/**
 * The vendor extension of an OpenAI delta that forwards an MCP notification:
 * `mcp_progress_notification_data` is the notification's JSON *string*.
 */
export const ChatosAdditionalDataSchema = z
  .object({
    mcp_progress_notification_data: z.string().optional(),
  })
  .loose();

const ChunkDeltaSchema = z
  .object({
    role: z.string().nullish(),
    content: z.string().nullish(),
    chatos_additional_data: ChatosAdditionalDataSchema.nullish(),
  })
  .loose();

const ChunkChoiceSchema = z
  .object({
    index: z.number().optional(),
    delta: ChunkDeltaSchema.nullish(),
    finish_reason: z.string().nullish(),
  })
  .loose();

/** Token usage as OpenAI reports it in the final chunk. */
export const UsageSchema = z
  .object({
    prompt_tokens: z.number(),
    completion_tokens: z.number(),
    total_tokens: z.number(),
  })
  .loose();
export type Usage = z.infer<typeof UsageSchema>;

/**
 * An OpenAI `chat.completion.chunk` as the agent streams it, with the optional
 * `agent_info` this product adds. Lenient: every field a sender may omit is optional.
 */
export const ChatCompletionChunkSchema = z
  .object({
    id: z.string().optional(),
    object: z.literal("chat.completion.chunk").optional(),
    created: z.number().optional(),
    model: z.string().optional(),
    choices: z.array(ChunkChoiceSchema),
    usage: UsageSchema.nullish(),
    agent_info: z
      .object({ name: z.string().optional(), run_id: z.string().optional() })
      .loose()
      .optional(),
  })
  .loose();
export type ChatCompletionChunk = z.infer<typeof ChatCompletionChunkSchema>;

/** An error the agent reports inside the stream (after headers were sent). */
export const StreamErrorSchema = z.object({
  error: z
    .object({
      message: z.string(),
      code: z.union([z.string(), z.number()]).nullish(),
      type: z.string().nullish(),
    })
    .loose(),
});
export type StreamError = z.infer<typeof StreamErrorSchema>;
