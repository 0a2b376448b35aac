import { UsageSchema } from "@inquiry-hub/protocol";
import { z } from "zod";

/**
 * One fragment of a streamed tool call. OpenAI sends `id` and `function.name` in the first
 * fragment of a call and `function.arguments` in pieces after it; `index` says which of
 * several parallel calls a fragment belongs to. Gateways differ in what they repeat or omit,
 * so every field is optional here and {@link createToolCallAssembler} decides.
 */
export const ToolCallDeltaSchema = z
  .object({
    index: z.number().int().nonnegative().nullish(),
    id: z.string().nullish(),
    function: z
      .object({ name: z.string().nullish(), arguments: z.string().nullish() })
      .loose()
      .nullish(),
  })
  .loose();
export type ToolCallDelta = z.infer<typeof ToolCallDeltaSchema>;

const UpstreamChoiceSchema = z
  .object({
    index: z.number().int().nullish(),
    delta: z
      .object({
        content: z.string().nullish(),
        tool_calls: z.array(ToolCallDeltaSchema).nullish(),
      })
      .loose()
      .nullish(),
    finish_reason: z.string().nullish(),
  })
  .loose();

/**
 * The parts of an upstream `chat.completion.chunk` the provider reads. The `openai` client
 * types chunks but does not check them, and compatible servers (vLLM, Ollama, gateways)
 * vary: the final usage chunk may come without `choices`, extra keys such as
 * `reasoning_content` appear. Lenient where servers differ, strict on the types we use.
 */
export const UpstreamChunkSchema = z
  .object({
    choices: z.array(UpstreamChoiceSchema).nullish(),
    usage: UsageSchema.nullish(),
  })
  .loose();
export type UpstreamChunk = z.infer<typeof UpstreamChunkSchema>;
