import type { AnswerBody, Inquiry, SocketAck } from "@inquiry-hub/protocol";
import { ApiClientError } from "@/lib/client/api-client-error";
import { answerInquiry } from "./answer-inquiry";
import type { AnswerOutcome } from "./answer-inquiry";
import { outcomeOfAck } from "./answer-outcome";
import type { HubSocket } from "./connect-hub-socket";

const ACK_TIMEOUT_MS = 5_000;

/**
 * Sends a card's answer the quickest way that is known to work: `inquiry:answer` with an ack
 * while the socket is connected, else (or when the ack times out) the HTTP endpoint. A
 * refusal in the ack is final (an ApiClientError), so it is not retried over HTTP.
 */
export async function sendAnswer(
  socket: HubSocket | undefined,
  inquiryId: string,
  body: AnswerBody,
): Promise<AnswerOutcome> {
  if (socket?.connected === true) {
    try {
      const ack = (await socket
        .timeout(ACK_TIMEOUT_MS)
        .emitWithAck("inquiry:answer", { inquiryId, ...body })) as SocketAck<Inquiry>;
      return outcomeOfAck(ack);
    } catch (error) {
      if (error instanceof ApiClientError) throw error;
    }
  }
  return answerInquiry(inquiryId, body);
}
