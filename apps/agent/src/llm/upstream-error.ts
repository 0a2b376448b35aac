import { APIConnectionError, APIConnectionTimeoutError, APIError } from "openai";

/**
 * Every way an upstream model can fail, with the HTTP status and OpenAI error `type` the
 * agent answers with when nothing was streamed yet.
 *
 * Only a rate limit keeps its status (429 tells the client to retry later). The upstream's
 * 401/403 become 502: the client's own bearer is fine, it is the agent's `OPENAI_API_KEY`
 * that was refused, and a 401 would make the web app log the person out.
 */
export const UPSTREAM_ERRORS = {
  upstream_rate_limited: { status: 429, type: "rate_limit_error" },
  upstream_auth_failed: { status: 502, type: "api_error" },
  upstream_rejected: { status: 502, type: "api_error" },
  upstream_server_error: { status: 502, type: "api_error" },
  upstream_unreachable: { status: 502, type: "api_error" },
  upstream_timeout: { status: 504, type: "api_error" },
  upstream_stream_broken: { status: 502, type: "api_error" },
  upstream_incomplete: { status: 502, type: "api_error" },
  upstream_bad_response: { status: 502, type: "api_error" },
} as const;

/** A key of {@link UPSTREAM_ERRORS}, sent as the error `code`. */
export type UpstreamErrorCode = keyof typeof UPSTREAM_ERRORS;

/** A failure of the OpenAI-compatible model API, worded for the chat client. */
export class UpstreamModelError extends Error {
  override readonly name = "UpstreamModelError";
  /** The status the agent answers with if no chunk was sent yet. */
  readonly status: number;
  readonly type: (typeof UPSTREAM_ERRORS)[UpstreamErrorCode]["type"];
  constructor(
    readonly code: UpstreamErrorCode,
    message: string,
    /** The upstream's `retry-after` header, passed on with a 429. */
    readonly retryAfter?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.status = UPSTREAM_ERRORS[code].status;
    this.type = UPSTREAM_ERRORS[code].type;
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
