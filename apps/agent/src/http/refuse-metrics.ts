import type { RefuseMetrics } from "@inquiry-hub/telemetry";
import { AgentError } from "../errors/agent-error";
import { sendOpenAiError } from "./openai-error";

/**
 * A refused `/metrics` scrape in the agent's OpenAI error shape: a token in the query string
 * is `missing_api_key` (the header is where it belongs), a missing or wrong one `invalid_api_key`.
 */
export const refuseMetrics: RefuseMetrics = (res, refusal) =>
  sendOpenAiError(
    res,
    new AgentError(
      refusal.reason === "query-string" ? "missing_api_key" : "invalid_api_key",
      refusal.message,
    ),
  );
