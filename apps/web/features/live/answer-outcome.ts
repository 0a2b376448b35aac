import type { Inquiry, SocketAck } from "@inquiry-hub/protocol";
import { fromWireError } from "@/lib/client/api-client-error";
import type { AnswerOutcome } from "./answer-inquiry";

/**
 * The `inquiry:answer` ack as a card outcome, the same as the HTTP answer gives:
 * CONFLICT → someone resolved it first; NOT_FOUND → gone; any other error is thrown as the
 * ApiClientError the HTTP path would throw, so a card words both routes' failures alike.
 */
export function outcomeOfAck(ack: SocketAck<Inquiry>): AnswerOutcome {
  if ("data" in ack) return { kind: "resolved" };
  const { code, message } = ack.error;
  if (code === "CONFLICT") return { kind: "already_resolved", message };
  if (code === "NOT_FOUND") return { kind: "gone", message };
  throw fromWireError(ack.error);
}
