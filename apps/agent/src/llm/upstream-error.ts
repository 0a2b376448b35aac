import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";
import { AgentError } from "../errors/agent-error";
import type { UpstreamErrorCode } from "../errors/error-codes";

/**
 * A failure of the OpenAI-compatible model API, worded for the chat client. Its status and
 * `type` come from the agent's error table (a rate limit stays 429, the rest become 502 or 504).
 */
export class UpstreamModelError extends AgentError {
  override readonly name = "UpstreamModelError";
  constructor(
    override readonly code: UpstreamErrorCode,
    message: string,
    /** The upstream's `retry-after` header, passed on with a 429. */
    retryAfter?: string,
    options?: ErrorOptions,
  ) {
    super(code, message, { retryAfter, ...options });
  }
}

function codeForStatus(status: number): UpstreamErrorCode {
  if (status === 429) return "upstream_rate_limited";
  if (status === 401 || status === 403) return "upstream_auth_failed";
  if (status >= 500) return "upstream_server_error";
  return "upstream_rejected";
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Turns anything the `openai` client threw into an {@link UpstreamModelError} whose message
 * names the upstream model, e.g. `upstream model "gpt-4o-mini": 429 Rate limit reached…`.
 * `phase` says whether the response had started streaming: a plain error while reading the
 * body means the connection broke off mid-stream.
 */
export function toUpstreamModelError(
  error: unknown,
  model: string,
  phase: "request" | "stream",
): UpstreamModelError {
  if (error instanceof UpstreamModelError) return error;
  const prefix = `upstream model "${model}"`;
  const options = { cause: error };
  if (error instanceof APIConnectionTimeoutError) {
    return new UpstreamModelError(
      "upstream_timeout",
      `${prefix}: request timed out`,
      undefined,
      options,
    );
  }
  if (error instanceof APIConnectionError) {
    const reason = error.cause instanceof Error ? ` (${error.cause.message})` : "";
    return new UpstreamModelError(
      "upstream_unreachable",
      `${prefix}: could not connect${reason}`,
      undefined,
      options,
    );
  }
  if (error instanceof APIError && typeof error.status === "number") {
    const code = codeForStatus(error.status);
    const hint = code === "upstream_auth_failed" ? " (check the agent's OPENAI_API_KEY)" : "";
    return new UpstreamModelError(
      code,
      `${prefix}: ${error.message}${hint}`,
      error.headers instanceof Headers
        ? (error.headers.get("retry-after") ?? undefined)
        : undefined,
      options,
    );
  }
  if (error instanceof APIError) {
    return new UpstreamModelError(
      "upstream_server_error",
      `${prefix}: ${error.message}`,
      undefined,
      options,
    );
  }
  return phase === "stream"
    ? new UpstreamModelError(
        "upstream_stream_broken",
        `${prefix}: the stream broke off (${describe(error)})`,
        undefined,
        options,
      )
    : new UpstreamModelError(
        "upstream_unreachable",
        `${prefix}: ${describe(error)}`,
        undefined,
        options,
      );
}
