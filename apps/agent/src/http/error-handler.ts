import type { Logger } from "@inquiry-hub/logging";
import type { ErrorRequestHandler, RequestHandler } from "express";
import { AgentError, toAgentError } from "../errors/agent-error";
import { sendOpenAiError } from "./openai-error";

/**
 * express's own client errors (malformed JSON, oversized body, bad charset) carry a 4xx
 * `status`; they keep it and their message, since both name what was wrong with the request.
 */
function fromExpressClientError(thrown: unknown): AgentError | undefined {
  const status = (thrown as { status?: unknown } | null)?.status;
  if (typeof status !== "number" || status < 400 || status >= 500) return undefined;
  const message = thrown instanceof Error ? thrown.message : undefined;
  return new AgentError("bad_request", message, { status, cause: thrown });
}

/**
 * The last middleware: a client error keeps its 4xx, anything else is logged with its cause
 * and answered as `internal`, or the response just ends when headers already went out.
 */
export function createUnexpectedErrorHandler(logger: Logger): ErrorRequestHandler {
  return (thrown: unknown, _req, res, _next) => {
    const clientError = fromExpressClientError(thrown);
    if (clientError) {
      sendOpenAiError(res, clientError);
      return;
    }
    logger.error({ err: thrown }, "unexpected error");
    if (res.headersSent) {
      res.end();
      return;
    }
    sendOpenAiError(res, toAgentError(thrown));
  };
}

/** 404 for every route nobody handled. */
export const handleUnknownRoute: RequestHandler = (_req, res) => {
  sendOpenAiError(res, new AgentError("not_found"));
};
