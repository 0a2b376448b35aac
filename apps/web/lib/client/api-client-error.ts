import { ERROR_CODES } from "@inquiry-hub/protocol";
import type { ErrorCode } from "@inquiry-hub/protocol";

/**
 * Why a browser request to the web app's own API failed: a wire `ErrorCode` the server sent
 * (or the one its HTTP status stands for), or one of the failures only the browser sees.
 */
export type ApiClientErrorCode =
  | ErrorCode
  /** The server could not be reached (network down, server gone); status 0. */
  | "UNREACHABLE"
  /** A 2xx answer whose body did not match the expected schema. */
  | "INVALID_RESPONSE"
  /** A refusal whose status has no wire code and whose body is not the wire error shape. */
  | "HTTP_ERROR";

/**
 * The one error every browser fetcher throws. It carries no translated text: components turn
 * it into words with `describeApiError`, so the data layer never needs the page's language.
 * `serverMessage` is the server's own explanation when it sent the wire error shape, and
 * `details` the wire body's `details` as sent (the fields a 400 refused, say), unparsed.
 */
export class ApiClientError extends Error {
  override readonly name = "ApiClientError";
  readonly details: unknown;
  constructor(
    readonly code: ApiClientErrorCode,
    /** The HTTP status; 0 when no answer came back. */
    readonly status: number,
    readonly serverMessage: string | undefined,
    options?: ErrorOptions & { details?: unknown },
  ) {
    super(serverMessage ?? `${code} (${status})`, options);
    this.details = options?.details;
  }
}

/** The wire code an HTTP status stands for, for refusals that came without the wire body. */
export function codeOfStatus(status: number): ApiClientErrorCode {
  const match = (Object.entries(ERROR_CODES) as [ErrorCode, number][]).find(
    ([, codeStatus]) => codeStatus === status,
  );
  return match === undefined ? "HTTP_ERROR" : match[0];
}

/** A wire error (HTTP body or Socket.IO ack) as the client error, keeping its code and text. */
export function fromWireError(error: { code: ErrorCode; message: string }): ApiClientError {
  return new ApiClientError(error.code, ERROR_CODES[error.code], error.message);
}
