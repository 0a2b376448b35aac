import type { Usage } from "@inquiry-hub/protocol";
import type { AgentError } from "../errors/agent-error";
import { toStreamErrorEvent } from "../errors/openai-error-body";

/** Identifies the run in every chunk (`id`, `model`, `agent_info`). */
export interface CompletionIdentity {
  /** `chatcmpl-<uuid>`. */
  id: string;
  /** Unix seconds. */
  created: number;
  model: string;
  runId: string;
}

/** The name this agent reports in `agent_info`. */
export const AGENT_NAME = "Inquiry Hub demo agent";

/** The SSE data that ends every stream. */
export const DONE_DATA = "[DONE]";

/**
 * The `data` strings of one OpenAI streaming response, in the order a stream carries them.
 * One builder for the request-bound writer and the background run's log, so both streams are
 * byte-for-byte the same wire.
 */
export interface CompletionChunks {
  /** The opening chunk: `role: "assistant"` and empty content. */
  start(): string;
  content(text: string): string;
  /** An MCP notification (its JSON string) as `mcp_progress_notification_data`. */
  notification(notificationJson: string): string;
  /** The closing chunk: `finish_reason: "stop"`, with `usage` when known. */
  stop(usage: Usage | undefined): string;
  /** A failure inside the stream, as OpenAI sends one. */
  failure(error: AgentError): string;
}

/** The chunk builder of one completion. */
export function completionChunks(identity: CompletionIdentity): CompletionChunks {
  const chunk = (
    delta: Record<string, unknown>,
    finishReason: string | null,
    usage?: Usage,
  ): string =>
    JSON.stringify({
      id: identity.id,
      object: "chat.completion.chunk",
      created: identity.created,
      model: identity.model,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(usage === undefined ? {} : { usage }),
      agent_info: { name: AGENT_NAME, run_id: identity.runId },
    });
  return {
    start: () => chunk({ role: "assistant", content: "" }, null),
    content: (text) => chunk({ content: text }, null),
    notification: (notificationJson) =>
      chunk({ chatos_additional_data: { mcp_progress_notification_data: notificationJson } }, null),
    stop: (usage) => chunk({}, "stop", usage),
    failure: (error) => JSON.stringify(toStreamErrorEvent(error)),
  };
}
