import OpenAI from "openai";
import { MAX_ANSWER_LENGTH } from "@inquiry-hub/protocol";
import { ANSWER_DRAFTING_PROMPT, draftingRequest } from "../answer-drafter";
import type { AnswerDrafter } from "../ports";
import type { Logger } from "../../../kernel/ports";

/** The drafting model: any OpenAI-compatible chat completions API (HUB_SUGGEST_*). */
export interface OpenAiAnswerDrafterConfig {
  /** API root, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** Bearer key; servers that need none (a local vLLM or Ollama) get a placeholder. */
  apiKey?: string | undefined;
  model: string;
  /** Whole budget of one draft; past it the inquiry goes out without a suggestion. */
  timeoutMs: number;
}

/**
 * An {@link AnswerDrafter} on the official `openai` client: one non-streaming chat
 * completion per draft, no retries (a retry would only eat the same time budget), aborted at
 * `timeoutMs`. Any failure (network, HTTP error, timeout, empty or oversized reply) is
 * logged and resolves `undefined`, as the port promises.
 */
export function createOpenAiAnswerDrafter(
  config: OpenAiAnswerDrafterConfig,
  logger: Logger,
): AnswerDrafter {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey ?? "unused",
    maxRetries: 0,
    timeout: config.timeoutMs,
  });

  return {
    async draft(question, options) {
      try {
        const completion = await client.chat.completions.create(
          {
            model: config.model,
            messages: [
              { role: "system", content: ANSWER_DRAFTING_PROMPT },
              { role: "user", content: draftingRequest(question, options) },
            ],
          },
          { signal: AbortSignal.timeout(config.timeoutMs) },
        );
        const text = completion.choices[0]?.message.content?.trim() ?? "";
        if (text.length === 0 || text.length > MAX_ANSWER_LENGTH) {
          logger.warn(
            { length: text.length },
            "drafting a suggested answer returned no usable text",
          );
          return undefined;
        }
        return text;
      } catch (error) {
        logger.warn({ err: error }, "drafting a suggested answer failed");
        return undefined;
      }
    },
  };
}
