import type { AgentError } from "./agent-error";
import type { AgentErrorCode, OpenAiErrorType } from "./error-codes";

/** An HTTP error body in OpenAI's shape. */
export interface OpenAiErrorBody {
  error: { message: string; type: OpenAiErrorType; param: null; code: AgentErrorCode | null };
}

/** The error event of an SSE stream that already started. */
export interface OpenAiStreamErrorEvent {
  error: { message: string; type: "api_error"; code: AgentErrorCode | null };
}

/** `{ error: { message, type, param, code } }`: the official `openai` client reads it into a typed `APIError`. */
export function toOpenAiErrorBody(error: AgentError): OpenAiErrorBody {
  return { error: { message: error.message, type: error.type, param: null, code: error.wireCode } };
}

/**
 * The error event that ends a started stream. Its `type` is always `api_error`: the 200 is
 * out, so the table's type (which picks the client's exception class) no longer applies.
 */
export function toStreamErrorEvent(error: AgentError): OpenAiStreamErrorEvent {
  return { error: { message: error.message, type: "api_error", code: error.wireCode } };
}
