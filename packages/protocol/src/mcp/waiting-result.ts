import { z } from "zod";
import type { Inquiry } from "../inquiry";

/**
 * The `structuredContent` of a call that stopped waiting before the person answered: the
 * question is still open on their devices until `expiresAt`, and the same call again (same
 * tool, same arguments, same credential) picks it up where this one left off.
 */
export const WaitingResultSchema = z.object({
  status: z.literal("pending"),
  inquiryId: z.string().min(1),
  /** When the question times out on its own, if nobody answers before. */
  expiresAt: z.iso.datetime(),
  /** What to do: repeat the identical call. */
  retry: z.literal("repeat-same-call"),
});
export type WaitingResult = z.infer<typeof WaitingResultSchema>;

/** The fixed opening of a waiting result's text, for clients that match on it. */
export const WAITING_OPENING = "The person has not answered yet";

function minutesLeft(expiresAt: string, now: number): string {
  const minutes = Math.max(1, Math.round((Date.parse(expiresAt) - now) / 60_000));
  return minutes === 1 ? "about a minute" : `about ${minutes} minutes`;
}

/**
 * The text of a call that stopped waiting while its question stays open, worded for a model:
 * what happened, that nothing is lost, and the one thing to do next (`subject` is what to call
 * again, e.g. "send_inquiry" or "write_file").
 *
 * @example "The person has not answered yet. The question is still open on their devices …"
 */
export function waitingResultText(inquiry: Inquiry, subject: string, now = Date.now()): string {
  return (
    `${WAITING_OPENING}. The question is still open on their devices for ${minutesLeft(inquiry.expiresAt, now)} ` +
    `(until ${inquiry.expiresAt}). To keep waiting for the answer, call ${subject} again now with exactly ` +
    "the same arguments: that call picks up this same question instead of asking a new one, and " +
    "returns the answer as soon as the person gives it. Do not rephrase the question and do not " +
    "proceed without the answer."
  );
}

/** The `structuredContent` of a waiting result (see WaitingResultSchema). */
export function waitingResult(inquiry: Inquiry): WaitingResult {
  return {
    status: "pending",
    inquiryId: inquiry.id,
    expiresAt: inquiry.expiresAt,
    retry: "repeat-same-call",
  };
}
