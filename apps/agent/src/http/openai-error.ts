import type { Response } from "express";

/** OpenAI's error `type` values this agent uses. */
export type OpenAiErrorType =
  | "invalid_request_error"
  | "authentication_error"
  | "not_found_error"
  | "rate_limit_error"
  | "api_error";

/**
 * Sends an error in OpenAI's shape, `{ error: { message, type, code } }`, so the official
 * `openai` client raises a typed `APIError` with a readable message.
 */
export function sendOpenAiError(
  res: Response,
  status: number,
  message: string,
  type: OpenAiErrorType,
  code: string | null = null,
): void {
  res.status(status).json({ error: { message, type, param: null, code } });
}
