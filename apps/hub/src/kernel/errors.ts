import { ERROR_CODES } from "@inquiry-hub/protocol";
import type { ErrorCode } from "@inquiry-hub/protocol";

/**
 * The one error type of the hub. Core code throws it with a wire code; each transport maps
 * the code to its own shape (HTTP status + `{error}` body, MCP tool result, socket ack).
 */
export class HubError extends Error {
  override readonly name = "HubError";
  readonly code: ErrorCode;
  /** Extra machine-readable facts for the client, e.g. who resolved an inquiry first. */
  readonly details: unknown;

  constructor(
    code: ErrorCode,
    message: string,
    options: { details?: unknown; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.code = code;
    this.details = options.details;
  }

  /** The HTTP status this error maps to. */
  get httpStatus(): number {
    return ERROR_CODES[this.code];
  }
}

/**
 * Turns anything thrown into a HubError. Unknown errors become INTERNAL with a generic
 * message, so internals never leak to clients; the original stays as `cause` for logs.
 */
export function toHubError(error: unknown): HubError {
  if (error instanceof HubError) return error;
  return new HubError("INTERNAL", "internal error", { cause: error });
}
