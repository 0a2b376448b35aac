import type { Response } from "express";
import type { AgentError } from "../errors/agent-error";
import { toOpenAiErrorBody } from "../errors/openai-error-body";

/** Answers with the error's status, `Retry-After` when it carries one, and its OpenAI body. */
export function sendOpenAiError(res: Response, error: AgentError): void {
  if (error.retryAfter !== undefined) res.setHeader("Retry-After", error.retryAfter);
  res.status(error.status).json(toOpenAiErrorBody(error));
}
