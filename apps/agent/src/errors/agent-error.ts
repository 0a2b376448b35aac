import { AGENT_ERRORS } from "./error-codes";
import type { AgentErrorCode, AgentErrorSpec, OpenAiErrorType } from "./error-codes";

/** Optional facts of an {@link AgentError} beyond its code and message. */
export interface AgentErrorOptions {
  /**
   * Replaces the table's status; only for `bad_request`, which passes on the 4xx express
   * chose (413 for an oversized body, 415 for an unknown charset).
   */
  status?: number;
  /** An upstream's `retry-after` header, passed on with a 429. */
  retryAfter?: string | undefined;
  cause?: unknown;
}

/**
 * The one error type of the agent: a code of {@link AGENT_ERRORS} with the status, OpenAI
 * `type` and message the client gets. Each transport writes it in its own shape (an HTTP
 * error body, an SSE error event).
 */
export class AgentError extends Error {
  override readonly name: string = "AgentError";
  readonly status: number;
  readonly type: OpenAiErrorType;
  /** The `code` the body carries: the table key, or null where the table says so. */
  readonly wireCode: AgentErrorCode | null;
  readonly retryAfter: string | undefined;

  constructor(
    readonly code: AgentErrorCode,
    message?: string,
    options: AgentErrorOptions = {},
  ) {
    const spec: AgentErrorSpec = AGENT_ERRORS[code];
    super(message ?? spec.message, "cause" in options ? { cause: options.cause } : undefined);
    this.status = options.status ?? spec.status;
    this.type = spec.type;
    this.wireCode = spec.sendsCode === false ? null : code;
    this.retryAfter = options.retryAfter;
  }
}

/**
 * Turns anything thrown into an {@link AgentError}; an AgentError stays as it is. Without a
 * `fallback` anything else is `internal` with the table's generic message, so internals never
 * reach the client. With one it becomes that code with its own message, where the message is
 * meant for the person (a failed run, an unreachable MCP server). The original stays as
 * `cause` for logs.
 *
 * @example
 * toAgentError(new Error("stopped after 8 steps"), "run_failed").status; // 502
 */
export function toAgentError(thrown: unknown, fallback?: AgentErrorCode): AgentError {
  if (thrown instanceof AgentError) return thrown;
  if (fallback === undefined) return new AgentError("internal", undefined, { cause: thrown });
  const message = thrown instanceof Error ? thrown.message : String(thrown);
  return new AgentError(fallback, message, { cause: thrown });
}
