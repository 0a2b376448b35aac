import { z } from "zod";
import type { ToolReply } from "./scripted-agent";

const CallToolResultSchema = z.object({
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
});

/**
 * The agent's view of an MCP CallToolResult: the text blocks joined, and structuredContent as
 * sent. A result flagged `isError` throws, since every client below hands a model such a result
 * as a failure to retry.
 */
export function replyOf(result: unknown): ToolReply {
  const parsed = CallToolResultSchema.parse(result);
  const text = parsed.content
    .map((block) => block.text)
    .filter((each) => each !== undefined)
    .join("\n");
  if (parsed.isError === true) throw new Error(text);
  return parsed.structuredContent === undefined
    ? { text }
    : { text, structuredContent: parsed.structuredContent };
}
