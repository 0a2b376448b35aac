import OpenAI from "openai";
import type { Logger } from "../../../../kernel/ports";
import { RISK_LABELLING_PROMPT, labellingRequest, parseModelLabel } from "../model-label";
import type { RiskModel } from "../model-label";

/** The labelling model: any OpenAI-compatible chat completions API (HUB_RISK_*). */
export interface OpenAiRiskModelConfig {
  /** API root, e.g. `https://api.openai.com/v1`. */
  baseUrl: string;
  /** Bearer key; servers that need none (a local vLLM or Ollama) get a placeholder. */
  apiKey?: string | undefined;
  model: string;
  /** Whole budget of one label; past it the rules' label stands. */
  timeoutMs: number;
}

/**
 * A {@link RiskModel} on the official `openai` client: one non-streaming chat completion per
 * call, no retries, aborted at `timeoutMs`, since every gated call waits for it before its
 * card goes out. Any failure (network, HTTP error, timeout, a reply that is not a label) is
 * logged and resolves undefined, so the rules' label stands.
 */
export function createOpenAiRiskModel(config: OpenAiRiskModelConfig, logger: Logger): RiskModel {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey ?? "unused",
    maxRetries: 0,
    timeout: config.timeoutMs,
  });

  return async (call, rules) => {
    try {
      const completion = await client.chat.completions.create(
        {
          model: config.model,
          messages: [
            { role: "system", content: RISK_LABELLING_PROMPT },
            { role: "user", content: labellingRequest(call, rules) },
          ],
        },
        { signal: AbortSignal.timeout(config.timeoutMs) },
      );
      const reply = completion.choices[0]?.message.content ?? "";
      const label = parseModelLabel(reply);
      if (label === undefined)
        logger.warn({ tool: call.tool, length: reply.length }, "risk model returned no label");
      return label;
    } catch (error) {
      logger.warn({ err: error, tool: call.tool }, "risk labelling by the model failed");
      return undefined;
    }
  };
}
