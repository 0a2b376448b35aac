import { requestDigest } from "./request-digest";

/**
 * The idempotency key a call that brings none is indexed under: its tool and arguments as
 * canonical JSON, digested. A repeat of the same call by the same credential (what a model
 * does after "timed out, please try again") lands on the question the first call opened
 * instead of asking the person twice. The space can never occur in a key a caller sends
 * (IdempotencyKeySchema), so no caller's key lands on a repeat key or the other way round.
 *
 * @example repeatKey("send_inquiry", { prompt: "Which region?" }) // "repeat 3q2-…"
 */
export function repeatKey(tool: string, args: Record<string, unknown>): string {
  return `repeat ${requestDigest(tool, args)}`;
}
