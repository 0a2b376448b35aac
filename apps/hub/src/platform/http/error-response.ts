import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import type { ApiErrorBody } from "@inquiry-hub/protocol";
import { HubError, toHubError } from "../../kernel/errors";
import type { Logger } from "../../kernel/ports";

/** The `retryAfterSeconds` a RATE_LIMITED error carries in its details, if any. */
function retryAfterSeconds(details: unknown): number | undefined {
  if (typeof details !== "object" || details === null || !("retryAfterSeconds" in details))
    return undefined;
  return typeof details.retryAfterSeconds === "number" ? details.retryAfterSeconds : undefined;
}

/**
 * Writes `{ error: { code, message, details? } }` with the code's HTTP status, and
 * `Retry-After` when the error says when to retry (rate limits).
 */
export function sendError(res: Response, error: HubError): void {
  const body: ApiErrorBody = {
    error: {
      code: error.code,
      message: error.message,
      ...(error.details === undefined ? {} : { details: error.details }),
    },
  };
  const retryAfter = retryAfterSeconds(error.details);
  if (retryAfter !== undefined) res.set("Retry-After", String(retryAfter));
  res.status(error.httpStatus).json(body);
}

function hasType(error: unknown): error is { type: string } {
  return (
    typeof error === "object" && error !== null && "type" in error && typeof error.type === "string"
  );
}

/** Maps express.json failures (oversized or malformed bodies) to clear client errors. */
function fromBodyParser(error: unknown, limitBytes: number): HubError | undefined {
  if (!hasType(error)) return undefined;
  if (error.type === "entity.too.large") {
    return new HubError("PAYLOAD_TOO_LARGE", `request body is larger than ${limitBytes} bytes`);
  }
  if (error.type === "entity.parse.failed")
    return new HubError("BAD_REQUEST", "body: malformed JSON");
  if (
    error.type.startsWith("encoding.") ||
    error.type.startsWith("charset.") ||
    error.type === "request.aborted"
  ) {
    return new HubError("BAD_REQUEST", `body: ${error.type}`);
  }
  return undefined;
}

/**
 * The last middleware: every thrown error becomes the wire error shape. Internal errors are
 * logged with their cause and shown to clients only as "internal error".
 */
export function createErrorHandler(limitBytes: number, logger: Logger): ErrorRequestHandler {
  return (error: unknown, _req, res, next) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const hubError = fromBodyParser(error, limitBytes) ?? toHubError(error);
    if (hubError.code === "INTERNAL")
      logger.error({ err: hubError.cause ?? hubError }, "request failed");
    sendError(res, hubError);
  };
}

/** 404 for every route nobody handled, in the wire error shape. */
export const notFoundHandler: RequestHandler = (req, res) => {
  sendError(res, new HubError("NOT_FOUND", `no route for ${req.method} ${req.path}`));
};
