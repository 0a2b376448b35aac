/** OpenAI's error `type` values, which the official clients turn into typed exceptions. */
export type OpenAiErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "not_found_error"
  | "rate_limit_error"
  | "api_error";

/** What the agent answers for one error code. */
export interface AgentErrorSpec {
  /** The HTTP status when nothing was streamed yet. */
  readonly status: number;
  readonly type: OpenAiErrorType;
  /** Used when the failure brings no more precise message of its own. */
  readonly message: string;
  /**
   * `false`: the body's `code` is null. The agent has always answered express's own 4xx and
   * internal errors that way, and clients tell them apart by status.
   */
  readonly sendsCode?: false;
}

/**
 * Every error the agent puts on the wire, keyed by the `code` it sends. Transports read
 * status, type and default message from here and nowhere else.
 *
 * Upstream model failures keep only a rate limit's 429 (it tells the client to retry later).
 * The upstream's 401/403 become 502: the client's own bearer is fine, it is the agent's
 * `OPENAI_API_KEY` that was refused, and a 401 would make the web app log the person out.
 */
export const AGENT_ERRORS = {
  invalid_body: {
    status: 400,
    type: "invalid_request_error",
    message: "The body is not a chat completion request.",
  },
  bad_request: {
    status: 400,
    type: "invalid_request_error",
    message: "Bad request",
    sendsCode: false,
  },
  missing_api_key: {
    status: 401,
    type: "authentication_error",
    message: "Missing bearer token: send `Authorization: Bearer <user token>`.",
  },
  invalid_api_key: {
    status: 401,
    type: "authentication_error",
    message: "The hub rejected the bearer token; log in again.",
  },
  not_found: { status: 404, type: "not_found_error", message: "Unknown route." },
  model_not_found: {
    status: 404,
    type: "not_found_error",
    message: "The requested model does not exist.",
  },
  run_failed: { status: 502, type: "api_error", message: "The run failed." },
  upstream_unavailable: {
    status: 502,
    type: "api_error",
    message: "An MCP server could not be reached.",
  },
  upstream_rate_limited: {
    status: 429,
    type: "rate_limit_error",
    message: "The upstream model is rate limited; retry later.",
  },
  upstream_auth_failed: {
    status: 502,
    type: "api_error",
    message: "The upstream model refused the agent's API key.",
  },
  upstream_rejected: {
    status: 502,
    type: "api_error",
    message: "The upstream model rejected the request.",
  },
  upstream_server_error: {
    status: 502,
    type: "api_error",
    message: "The upstream model failed.",
  },
  upstream_unreachable: {
    status: 502,
    type: "api_error",
    message: "The upstream model could not be reached.",
  },
  upstream_timeout: {
    status: 504,
    type: "api_error",
    message: "The upstream model did not answer in time.",
  },
  upstream_stream_broken: {
    status: 502,
    type: "api_error",
    message: "The upstream model's stream broke off.",
  },
  upstream_incomplete: {
    status: 502,
    type: "api_error",
    message: "The upstream model's answer is incomplete.",
  },
  upstream_bad_response: {
    status: 502,
    type: "api_error",
    message: "The upstream model sent a malformed response.",
  },
  internal: { status: 500, type: "api_error", message: "Internal error", sendsCode: false },
} as const satisfies Record<string, AgentErrorSpec>;

/** A key of {@link AGENT_ERRORS}. */
export type AgentErrorCode = keyof typeof AGENT_ERRORS;

/** The codes an upstream model failure carries (`upstream_unavailable` is an MCP server's). */
export type UpstreamErrorCode = Exclude<
  Extract<AgentErrorCode, `upstream_${string}`>,
  "upstream_unavailable"
>;
