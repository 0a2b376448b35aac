import type { Inquiry, SocketAck } from "@inquiry-hub/protocol";
import { AnswerError } from "./answer-inquiry";
import type { AnswerOutcome } from "./answer-inquiry";

/**
 * The `inquiry:answer` ack as a card outcome, the same as the HTTP answer gives:
 * CONFLICT → someone resolved it first; NOT_FOUND → gone; other errors throw AnswerError.
 */
export function outcomeOfAck(ack: SocketAck<Inquiry>): AnswerOutcome {
  if ("data" in ack) return { kind: "resolved" };
  const { code, message } = ack.error;
  if (code === "CONFLICT") return { kind: "already_resolved", message };
  if (code === "NOT_FOUND") return { kind: "gone", message };
  throw new AnswerError(message);
}
