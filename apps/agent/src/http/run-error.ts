import type { Response } from "express";
import { UpstreamModelError } from "../llm/upstream-error";
import { sendOpenAiError } from "./openai-error";

/** The message and error `code` a failed run reports to the chat client. */
export function describeRunError(error: unknown): { message: string; code: string } {
  if (error instanceof UpstreamModelError) return { message: error.message, code: error.code };
  return { message: error instanceof Error ? error.message : String(error), code: "run_failed" };
}

/**
 * Answers a run that failed before anything was sent: an upstream model failure keeps its
 * mapped status (429 with the upstream's `Retry-After`, 502, 504), anything else is a 502.
 */
export function sendRunError(res: Response, error: unknown): void {
  const { message, code } = describeRunError(error);
  if (error instanceof UpstreamModelError) {
    if (error.retryAfter !== undefined) res.setHeader("Retry-After", error.retryAfter);
    sendOpenAiError(res, error.status, message, error.type, code);
    return;
  }
  sendOpenAiError(res, 502, message, "api_error", code);
}
